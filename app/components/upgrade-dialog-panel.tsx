import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ElementType, ReactNode } from "react";

/**
 * The upgrade dialog's accessible modal (focus trap, Escape, outside click), from Headless UI.
 * Loaded only when the dialog first opens with JavaScript, so no page ships Headless UI just for
 * a dialog that is closed (docs/decisions/072).
 */
export default function UpgradeDialogPanel({ open, onClose, children }: { open: boolean; onClose: () => void; children: (Title: ElementType) => ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-x-0 top-[var(--toast-space,0px)] bottom-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">{children(DialogTitle)}</DialogPanel>
      </div>
    </Dialog>
  );
}

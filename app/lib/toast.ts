export type ToastVariant = "default" | "success" | "destructive";

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** How long a toast stays before it leaves by itself. */
export const TOAST_DURATION_MS = 5_000;
/** Toasts never grow wider than this on larger screens. */
export const TOAST_MAX_WIDTH_PX = 420;
/** The delay before the browser leaves a page whose session has ended. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

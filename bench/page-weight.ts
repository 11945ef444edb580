// What a page's HTML weighs: bytes as sent without compression and gzipped, elements, and the
// bytes spent on `class` attributes.
import { gzipSync } from "node:zlib";

import { Parser } from "htmlparser2";

export interface PageWeight {
  bytes: number;
  gzipBytes: number;
  elements: number;
  classBytes: number;
}

export function weighHtml(html: string): PageWeight {
  let elements = 0;
  let classBytes = 0;
  const parser = new Parser({
    onopentag(_name, attributes) {
      elements += 1;
      // ` class="…"`: the value plus the attribute's own 9 characters.
      if (attributes.class !== undefined) classBytes += Buffer.byteLength(attributes.class) + 9;
    },
  });
  parser.end(html);
  return { bytes: Buffer.byteLength(html), gzipBytes: gzipSync(html).length, elements, classBytes };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatWeight(w: PageWeight) {
  return `${kb(w.bytes).padStart(9)} (${kb(w.gzipBytes)} gzip)   ${String(w.elements).padStart(4)} elements   class attributes ${kb(w.classBytes)}`;
}

// fontkit ships no types; the certificate uses only what pdf-lib's font embedder calls.
declare module "fontkit" {
  export type Subset = { encode(): Uint8Array; encodeStream?: () => unknown };
  export type Font = { createSubset(): Subset };
  export function create(data: Buffer): Font;
}

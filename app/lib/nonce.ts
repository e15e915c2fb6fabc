import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of this response on the server: undefined for pages rendered
// for the page cache (hashes instead).
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;

// In the browser the nonce is not needed after the first paint, but React compares the attribute
// when it hydrates, with the element's `nonce` property (browsers blank the attribute itself so
// that a stylesheet cannot read it; scripts still can). So the browser renders the nonce the page
// was served with, or none on a page served without one; otherwise React reports a mismatch on
// every page (`npm run dev` did, on the development stylesheet link React Router nonces).
const servedNonce =
  typeof document === "undefined"
    ? undefined
    : document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

export const useNonce = () => useContext(NonceContext) ?? servedNonce;

import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of this response: undefined in the browser, where React does
// not need it after hydration, and for pages rendered for the page cache (hashes instead).
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

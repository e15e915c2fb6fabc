import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of this response; empty in the browser, where React does not
// need it after hydration.
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

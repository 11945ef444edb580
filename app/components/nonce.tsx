import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this document on the server; an empty string in the browser. */
export function useNonce() {
  return useContext(NonceContext);
}

import { createContext, useContext } from "react";

// The CSP nonce exists only on the server render; browsers hide it from script
// afterwards, so the client sees an empty string, which is what React expects.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

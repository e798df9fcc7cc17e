import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

type Announce = (message: string) => void;

const AnnounceContext = createContext<Announce | null>(null);

/**
 * The site's one polite live region (WCAG 4.1.3), for changes a screen reader would not
 * otherwise hear of: a cart line removed and the new total, a promo code applied, a new page
 * after a client-side navigation. The region is in the server's HTML, so screen readers know it
 * before anything is said in it; each message replaces the last as a new node, so the same words
 * said twice are announced twice. It comes after the footer: tests and people reading the page
 * in order meet the page's own status messages first.
 */
export function StatusAnnouncer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState({ text: "", serial: 0 });
  const announce = useCallback<Announce>((text) => setMessage((previous) => ({ text, serial: previous.serial + 1 })), []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="status-announcer" className="sr-only">
        {message.text ? <p key={message.serial}>{message.text}</p> : null}
      </div>
    </AnnounceContext.Provider>
  );
}

/** Says `message` in the site's live region. */
export function useAnnounce(): Announce {
  const announce = useContext(AnnounceContext);
  if (!announce) throw new Error("useAnnounce must be used within a StatusAnnouncer");
  return announce;
}

import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { INVALID_PROMO_MESSAGE } from "~/features/shop/store/quote";
import { CartActionForm } from "./cart-action-form";
import { CART_FIELDS } from "./cart-form";
import { cleanPromoCode } from "./cart-storage";
import type { ShownCart } from "./shown-cart";
import { fetchCartQuote, quoteRequestFor } from "./use-cart-quote";

/**
 * The promo box: the code is checked with the server before the cart keeps
 * it, so only a code that applied is carried on to checkout. Without
 * JavaScript the same form posts to /cart, which checks it the same way.
 */
export function PromoBox({ shown, serverError }: { shown: ShownCart; serverError: string | null }) {
  const id = useId();
  const [code, setCode] = useState("");
  /** Why the code just tried was not applied, as the server said (unknown, or too many tried). */
  const [rejected, setRejected] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const { inBrowser, promoCode, lines, cart, announceChange } = shown;
  const { setPromoCode } = cart;
  const quote = shown.quote.quote;
  // A kept code that has stopped working (expired, used up) is reported by the quote.
  const stalePromo = promoCode && quote?.promo.status === "invalid" && quote.promo.code === promoCode ? quote.promo : null;
  const staleCode = stalePromo?.code ?? null;
  const applied = quote?.promo.status === "applied" && quote.promo.code === promoCode ? quote.promo : null;
  const error =
    rejected !== null
      ? rejected
      : checkFailed
        ? "We couldn't check that code just now. Please try again."
        : stalePromo
          ? `${stalePromo.code}: ${stalePromo.message}`
          : !inBrowser && serverError
            ? serverError
            : null;

  const apply = async () => {
    if (checking) return;
    const cleaned = cleanPromoCode(code);
    if (!cleaned) {
      setRejected(INVALID_PROMO_MESSAGE);
      return;
    }
    setChecking(true);
    setCheckFailed(false);
    try {
      const result = await fetchCartQuote(quoteRequestFor(lines, cleaned));
      if (result.promo.status === "applied") {
        setPromoCode(cleaned);
        setRejected(null);
        setCode("");
        announceChange(`Promo code ${cleaned} applied: ${result.promo.label}.`);
      } else {
        setRejected(result.promo.status === "invalid" ? result.promo.message : INVALID_PROMO_MESSAGE);
      }
    } catch (failure) {
      console.error("Could not check the promo code", failure);
      setRejected(null);
      setCheckFailed(true);
    } finally {
      setChecking(false);
    }
  };

  const removeCode = (
    <CartActionForm
      intent="remove_promo"
      inBrowser={inBrowser}
      onChange={() => {
        setPromoCode(null);
        announceChange(`Promo code ${promoCode} removed.`);
      }}
    >
      {promoCode && !staleCode ? (
        <button
          type="submit"
          data-focus-fallback=""
          className="min-h-11 font-semibold text-muted hover:text-accent-text"
          aria-label={`Remove promo code ${promoCode}`}
        >
          Remove
        </button>
      ) : (
        <button type="submit" className="text-sm font-semibold text-muted underline">
          Remove {staleCode}
        </button>
      )}
    </CartActionForm>
  );

  if (promoCode && !staleCode) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm">
        <p>
          <strong>{promoCode}</strong> applied{applied ? `: ${applied.label}` : ""}
        </p>
        {removeCode}
      </div>
    );
  }
  return (
    <div className="mt-4">
      <CartActionForm intent="apply_promo" inBrowser={inBrowser} onChange={() => void apply()} className="block">
        <label htmlFor={`${id}-promo`} className="text-sm font-medium">
          Promo code
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id={`${id}-promo`}
            name={CART_FIELDS.promoCode}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setRejected(null);
              setCheckFailed(false);
            }}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="Enter code"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-promo-error` : undefined}
            className={cx(inputClasses, "min-h-11 flex-1 uppercase")}
            // Read-only, not disabled, while the code is checked: a disabled field would lose focus.
            readOnly={checking}
            aria-busy={checking || undefined}
            data-focus-fallback=""
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={inBrowser && !checking && code.trim() === ""}
            aria-disabled={checking || undefined}
          >
            {checking ? "Checking..." : "Apply"}
          </Button>
        </div>
        <p id={`${id}-promo-error`} role="alert" className="mt-1.5 min-h-5 text-sm text-danger">
          {error}
        </p>
      </CartActionForm>
      {staleCode && removeCode}
    </div>
  );
}

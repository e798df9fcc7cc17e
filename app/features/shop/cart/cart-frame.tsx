import { Link } from "react-router";
import { LinkButton } from "~/components/ui/link-button";

/** The cart page's frame: its heading and, when a cart form was refused, why. */
export function CartFrame({ error, children }: { error?: string | null; children: React.ReactNode }) {
  // The cart is read after the first paint; the frame keeps its height so the footer does not jump.
  return (
    <section className="mx-auto min-h-[85dvh] max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="mb-8 text-4xl font-bold uppercase sm:text-5xl">Your Cart</h1>
      {error && (
        <div role="alert" className="mb-6 rounded-lg border border-danger/50 bg-danger/10 px-4 py-3">
          <p className="font-semibold text-danger">Your cart was not changed: {error}</p>
          <p className="mt-1 text-sm">
            <Link to="/store" className="underline hover:text-accent-text">
              Back to the store
            </Link>
          </p>
        </div>
      )}
      {children}
    </section>
  );
}

/** The cart with nothing in it. */
export function EmptyCart() {
  return (
    <div className="rounded-card border border-dashed border-line bg-surface px-6 py-16 text-center">
      <h2 tabIndex={-1} data-focus-fallback="" className="text-3xl font-bold uppercase">
        Your Cart is Empty
      </h2>
      <p className="mt-3 text-muted">Team caps, keyrings and more are waiting in the store.</p>
      <div className="mt-8">
        <LinkButton to="/store">Continue Shopping</LinkButton>
      </div>
    </div>
  );
}

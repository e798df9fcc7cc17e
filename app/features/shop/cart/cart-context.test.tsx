import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CartProvider, useCart } from "./cart-context";

function Probe() {
  const cart = useCart();
  return <p>{`${cart.hydrated ? "read" : "not read"}:${cart.itemCount}:${cart.lines.length}:${cart.promoCode ?? "none"}`}</p>;
}

describe("useCart", () => {
  it("throws the spec's message outside its provider", () => {
    expect(() => renderToString(<Probe />)).toThrow("useCart must be used within a CartProvider");
  });

  it("renders an unread, empty cart on the server", () => {
    expect(
      renderToString(
        <CartProvider>
          <Probe />
        </CartProvider>,
      ),
    ).toContain("not read:0:0:none");
  });
});

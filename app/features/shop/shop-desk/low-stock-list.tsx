import { Link } from "react-router";

export interface LowStockItem {
  productId: number;
  productName: string;
  size: string;
  stock: number;
  threshold: number;
}

/** Sizes sold out or below their alert level, each linking to its product's stock. */
export function LowStockList({ sizes }: { sizes: readonly LowStockItem[] }) {
  return (
    <ul className="mt-3 grid gap-1 text-sm">
      {sizes.map((item) => (
        <li key={`${item.productId}-${item.size}`}>
          <Link to={`/admin/products/${item.productId}#stock`} className="text-accent-text hover:underline">
            {item.productName}, {item.size}
          </Link>
          :{" "}
          {item.stock <= 0 ? (
            <strong>sold out</strong>
          ) : (
            <>
              <strong>{item.stock}</strong> left (alert below {item.threshold})
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

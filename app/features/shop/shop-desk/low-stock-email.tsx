import { EmailLayout, EmailLink, EmailSmallPrint, EmailText, type EmailFrame } from "~/features/mail/email-layout";

export interface LowStockLine {
  productName: string;
  size: string;
  stock: number;
  threshold: number;
  sku: string;
  /** The product's page at the shop desk. */
  deskUrl: string;
}

/** To shop staff: the sizes that fell below their alert level, each with its stock, SKU and desk link. */
export function LowStockEmail({ frame, lines }: { frame: EmailFrame; lines: LowStockLine[] }) {
  return (
    <EmailLayout
      frame={frame}
      preview={
        lines.length === 1
          ? `${lines[0]!.productName} (${lines[0]!.size}): ${lines[0]!.stock} left.`
          : `${lines.length} sizes are running low.`
      }
      heading={lines.length === 1 ? "A size is running low" : `${lines.length} sizes are running low`}
    >
      <EmailText>Stock has fallen below the alert level for:</EmailText>
      {lines.map((line) => (
        <EmailText key={line.sku}>
          <strong>
            {line.productName}, size {line.size}
          </strong>
          <br />
          {line.stock} left (alert below {line.threshold}) · SKU {line.sku}
          <br />
          <EmailLink href={line.deskUrl}>Restock at the shop desk</EmailLink>
        </EmailText>
      ))}
      <EmailSmallPrint>
        You get one e-mail each time a size falls below its level. Change the level on the product&apos;s page at the shop desk.
      </EmailSmallPrint>
    </EmailLayout>
  );
}

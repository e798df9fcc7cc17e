/** What the order e-mails (order-emails.tsx) share: a table cell's style, the sums, a list of lines and the delivery address. */
import { Column, Row, Section } from "@react-email/components";
import { EmailText } from "~/features/mail/email-layout";
import { addressLines, type AddressInput } from "./address";

export const cell = {
  fontSize: "15px",
  lineHeight: "1.4",
  padding: "8px 0",
  borderBottom: "1px solid #d9dce1",
  verticalAlign: "top",
} as const;

export function Amounts({ rows }: { rows: Array<[string, string, boolean?]> }) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      {rows.map(([label, amount, strong]) => (
        <Row key={label}>
          <Column style={{ ...cell, borderBottom: "none", padding: "4px 0", fontWeight: strong ? 700 : 400 }}>{label}</Column>
          <Column
            align="right"
            data-text-prefix=": "
            style={{ ...cell, borderBottom: "none", padding: "4px 0", fontWeight: strong ? 700 : 400 }}
          >
            {amount}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/** The lines as a list inside a paragraph: quantity, name and size. */
export function LineList({ lines }: { lines: ReadonlyArray<{ productName: string; size: string; quantity: number }> }) {
  return (
    <>
      {lines.map((line) => (
        <span key={`${line.productName}-${line.size}`}>
          <br />
          {line.quantity} × {line.productName} ({line.size})
        </span>
      ))}
    </>
  );
}

/** Where the order goes, a line of the address a line. */
export function DeliveringTo({ address }: { address: AddressInput }) {
  return (
    <EmailText>
      <strong>Delivering to</strong>
      {addressLines(address).map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
    </EmailText>
  );
}

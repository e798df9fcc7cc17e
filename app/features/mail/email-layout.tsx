import type { ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import { brand } from "~/brand";

/*
 * The one layout every e-mail the site sends is written in (ADR 0066). Mail clients ignore
 * stylesheets and SVG, so styles are inline and the logo is a PNG. A light card on a light grey
 * page keeps its colours under mail apps' dark modes (they darken the page and leave explicit
 * backgrounds readable); 600 px wide, it narrows to the screen on a phone.
 */

const colour = { page: "#f1f2f4", card: "#ffffff", ink: "#0b0d10", muted: "#4a515c", line: "#d9dce1", accent: "#b81e17" };
const font = "Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif";

export interface EmailFrame {
  /** The site's public address, for the logo and links (no trailing slash). */
  publicUrl: string;
  /** The company's postal address, shown in every footer (site settings). */
  postalAddress: string;
  /** Why this person receives this e-mail, in a sentence. */
  reason: string;
  /** Partners staff placed on this kind of e-mail: a line of links above the footer (ADR 0130). */
  partners?: Array<{ name: string; href: string }>;
}

export function EmailLayout({
  frame,
  preview,
  heading,
  children,
}: {
  frame: EmailFrame;
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colour.page, margin: 0, padding: "24px 0", fontFamily: font, color: colour.ink }}>
        <Container style={{ maxWidth: "600px", width: "100%", backgroundColor: colour.card, borderRadius: "8px", overflow: "hidden" }}>
          <Section style={{ backgroundColor: colour.ink, padding: "16px 24px" }}>
            <Link href={frame.publicUrl} style={{ color: "#ffffff", textDecoration: "none" }}>
              <Img
                src={`${frame.publicUrl}/email/logo.png`}
                width="32"
                height="32"
                alt=""
                style={{ display: "inline-block", verticalAlign: "middle", borderRadius: "6px" }}
              />
              <span
                style={{
                  display: "inline-block",
                  verticalAlign: "middle",
                  marginLeft: "12px",
                  fontSize: "18px",
                  fontWeight: 700,
                  letterSpacing: "0.04em",
                  textTransform: "uppercase",
                }}
              >
                {brand.name}
              </span>
            </Link>
          </Section>
          <Section style={{ padding: "24px" }}>
            <Heading as="h1" style={{ fontSize: "24px", lineHeight: "1.25", margin: "0 0 16px" }}>
              {heading}
            </Heading>
            {children}
          </Section>
          {frame.partners && frame.partners.length > 0 && (
            <Section style={{ padding: "0 24px 16px" }}>
              <EmailSmallPrint>
                With thanks to our partners:{" "}
                {frame.partners.map((partner, index) => (
                  <span key={partner.href}>
                    {index > 0 && " · "}
                    <Link href={partner.href} style={{ color: colour.accent, textDecoration: "underline" }}>
                      {partner.name}
                    </Link>
                  </span>
                ))}
              </EmailSmallPrint>
            </Section>
          )}
          <Hr style={{ borderColor: colour.line, margin: 0 }} />
          <Section style={{ padding: "16px 24px 24px" }}>
            <EmailSmallPrint>{frame.reason}</EmailSmallPrint>
            <EmailSmallPrint>
              {brand.name} · {frame.postalAddress}
            </EmailSmallPrint>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function EmailText({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: "16px", lineHeight: "1.5", margin: "0 0 16px" }}>{children}</Text>;
}

export function EmailSmallPrint({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: "13px", lineHeight: "1.5", margin: "0 0 8px", color: colour.muted }}>{children}</Text>;
}

/** The message's one action, as a button; the plain-text part shows its address on a line of its own. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: colour.accent,
          color: "#ffffff",
          padding: "12px 20px",
          borderRadius: "6px",
          fontSize: "16px",
          fontWeight: 700,
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/**
 * An inline link. End its sentence with it: the text part writes the address after the link's
 * words, and punctuation straight after would read as part of the address.
 */
export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: colour.accent, textDecoration: "underline" }}>
      {children}
    </Link>
  );
}

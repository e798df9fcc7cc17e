/*
 * The database's tables, grouped by domain (issue 42): accounts (with two-factor and staff roles),
 * racing, team, news, content (legal texts, partners, gallery, podcast, site settings), media,
 * shop, mail (outbox and newsletter), inbox, operations (audit trail, backups, limits, vitals), live (a race weekend as it happens)
 * and push (fans' push subscriptions, pushes and their deliveries).
 */
export * from "./accounts";
export * from "./racing";
export * from "./team";
export * from "./news";
export * from "./content";
export * from "./media";
export * from "./shop";
export * from "./orders";
export * from "./mail";
export * from "./inbox";
export * from "./operations";
export * from "./live";
export * from "./partners";
export * from "./push";

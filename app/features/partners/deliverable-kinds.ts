/** What a package promises per race weekend (the deliverables ledger). */
export const DELIVERABLE_KINDS = {
  "vip-passes": "VIP passes",
  updates: "Partner updates",
  "logo-on-car": "Logo on the car",
  posts: "Social posts",
  "podcast-reads": "Podcast reads",
} as const;
export type DeliverableKind = keyof typeof DELIVERABLE_KINDS;
export const DELIVERABLE_KIND_IDS = Object.keys(DELIVERABLE_KINDS) as [DeliverableKind, ...DeliverableKind[]];

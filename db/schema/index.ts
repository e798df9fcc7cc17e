export * from "./auth";
export * from "./content";
export * from "./ops";
export * from "./store";
export * from "./two-factor";
export * from "./admin";
export * from "./people";

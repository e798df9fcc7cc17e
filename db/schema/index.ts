export * from "./content";
export * from "./ops";

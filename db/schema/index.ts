export * from "./content";

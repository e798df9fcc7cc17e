import labFiguresFile from "./lab-figures.json";
import { labFiguresSchema, type LabFigures } from "./lab-figures";

/** The figures the last `LIGHTHOUSE_SAVE_LAB=1 npm run lighthouse` wrote, checked against their schema. */
export const LAB_FIGURES: LabFigures = labFiguresSchema.parse(labFiguresFile);

/** The query parameter that opens a driver's details in the carousel (`/team?driver=...`). */
export const DRIVER_PARAM = "driver";

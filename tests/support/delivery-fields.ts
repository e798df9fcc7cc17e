/** A UK delivery address as checkout's form posts it (the fields of ADDRESS_FORM_FIELDS). */
export const DELIVERY_FIELDS = { shipName: "Alex Fan", shipLine1: "1 Pit Lane", shipTown: "Andover", shipPostcode: "SP11 8PW" } as const;

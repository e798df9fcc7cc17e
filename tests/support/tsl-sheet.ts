/**
 * A TSL Timing classification as copied from its PDF, for the seeded Silverstone round (our cars:
 * 7 Oliver Hartley and 12 Ethan Cole in F3A, 23 Sophie Marsh and 31 Amelia Ward in F3B, 44 Jack
 * Pemberton, 5 Harry Whitfield and 88 Lucas Bennett in FF1600), with other teams' cars filling a
 * field of `cars`.
 */
export interface SheetOptions {
  title?: string;
  session?: string;
  date?: string;
  issued?: string | null;
  status?: "Provisional" | "Final";
  cars?: number;
  /** Our cars in finishing order (overall), each with its class. Others fill in. */
  ours?: Array<{ number: number; name: string; cl: string; status?: "DNF" | "DQ" | "NC" | "RET" | "DNS" }>;
}

const OURS = [
  { number: 7, name: "Oliver Hartley", cl: "F3A" },
  { number: 12, name: "Ethan Cole", cl: "F3A" },
  { number: 44, name: "Jack Pemberton", cl: "FF1600" },
  { number: 23, name: "Sophie Marsh", cl: "F3B", status: "DNF" as const },
];

export function tslSheet({
  title = "HSCC Silverstone National Circuit - Sunday 2nd November 2025",
  session = "Race 1 - 15 Minutes",
  issued = "12:51",
  status = "Provisional",
  cars = 30,
  ours = OURS,
}: SheetOptions = {}): string {
  const classified = ours.filter((car) => !car.status);
  const out = ours.filter((car) => car.status);
  const others = cars - ours.length;
  const field: Array<{ number: number; name: string; cl: string }> = [];
  // Our classified cars first in the order given, others between them.
  for (let index = 0; index < others; index++) {
    const cl = ["F3A", "F3B", "FF1600"][index % 3]!;
    field.push({ number: 100 + index, name: `Rival${index} Driver${index}`, cl });
  }
  classified.forEach((car, index) => field.splice(index * 3, 0, car));
  const picByClass = new Map<string, number>();
  const lines = [title, "Historic Formula 3 & Formula Ford Championship", session, `${status} Classification`];
  lines.push("Pos No Cl PIC Name Car Laps Time Gap Diff mph Best On Lap");
  field.forEach((car, index) => {
    const pic = (picByClass.get(car.cl) ?? 0) + 1;
    picByClass.set(car.cl, pic);
    const seconds = String(2 + index).padStart(2, "0");
    const gap = index === 0 ? "" : ` ${index}.${String(index * 7).padStart(3, "0")} 0.${String(100 + index).padStart(3, "0")}`;
    const best = `1:${String(20 + Math.floor(index / 10)).padStart(2, "0")}.${String(100 + index * 13).slice(-3)}`;
    lines.push(`${index + 1} ${car.number} ${car.cl} ${pic} ${car.name} Dallara F308 11 15:${seconds}.345${gap} 88.21 ${best} 5`);
  });
  for (const car of out) lines.push(`${car.status} ${car.number} ${car.cl} ${car.name} Chevron B38 4 87.02 1:21.410 3`);
  lines.push("Results are subject to the Stewards of the Meeting");
  if (issued) lines.push(`Time of issue: ${issued} Clerk of the Course: J. Smith`);
  lines.push("TSL Timing www.tsl-timing.com Page 1 of 1");
  return lines.join("\n");
}

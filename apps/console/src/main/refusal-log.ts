// What the main process refuses (a permission, a link to open), written to its stderr with the
// time in UTC. The detail is quoted, so a line break in it cannot forge another line.
export type RefusalLog = (what: string, detail: string) => void;

export const logRefusal: RefusalLog = (what, detail) => {
  console.warn(`${new Date().toISOString()} refused ${what}: ${JSON.stringify(detail)}`);
};

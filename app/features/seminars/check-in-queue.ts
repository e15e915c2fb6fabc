// The door phone's outbox of scans. Each scan is kept in localStorage with its own time and a
// unique id before it is sent, so a dropped connection loses nothing: the queue is sent again when
// the browser is back online, and the server answers a resent scan id with its first answer
// instead of counting it twice.

export type Direction = "in" | "out";

export type QueuedScan = {
  scanId: string;
  direction: Direction;
  /** When the scan was made on the phone (ISO 8601), not when it reached the server. */
  at: string;
  ticketToken?: string;
  registrationId?: string;
};

export type ScanAnswer = {
  registrationId: string;
  name: string;
  direction: Direction;
  at: string;
  /** The scan before a newly recorded one (null: none), for the door's warnings. */
  previous?: { direction: Direction; at: string } | null;
};

export type SendOutcome =
  | { kind: "recorded"; scan: QueuedScan; answer: ScanAnswer }
  | { kind: "refused"; scan: QueuedScan; message: string }
  | { kind: "logged-out" };

const storageKey = (seminarId: string) => `society:check-in-queue:${seminarId}`;

export function loadQueue(seminarId: string): QueuedScan[] {
  try {
    const raw = window.localStorage.getItem(storageKey(seminarId));
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

function saveQueue(seminarId: string, queue: QueuedScan[]) {
  window.localStorage.setItem(storageKey(seminarId), JSON.stringify(queue));
}

/** Adds a scan to the phone's queue (it is sent by `sendQueue`). */
export function enqueueScan(
  seminarId: string,
  scan: Omit<QueuedScan, "scanId" | "at"> & { at?: Date },
): QueuedScan {
  const queued: QueuedScan = {
    ...scan,
    scanId: crypto.randomUUID(),
    at: (scan.at ?? new Date()).toISOString(),
  };
  saveQueue(seminarId, [...loadQueue(seminarId), queued]);
  return queued;
}

function remove(seminarId: string, scanId: string) {
  saveQueue(
    seminarId,
    loadQueue(seminarId).filter((s) => s.scanId !== scanId),
  );
}

let sending = false;

/** Whether a send is under way (its scans are on their way, not waiting). */
export const isSending = () => sending;

/**
 * Sends the queued scans in order. A scan the server answered (recorded, or refused with a
 * reason such as a forged ticket) leaves the queue; on a network failure or a server error the
 * rest stay queued for the next attempt. Answers what happened to each scan sent.
 */
export async function sendQueue(seminarId: string): Promise<SendOutcome[]> {
  if (sending) return [];
  sending = true;
  const outcomes: SendOutcome[] = [];
  const tried = new Set<string>();
  try {
    // Read again after each scan: one queued while this send was under way goes with it.
    for (;;) {
      const scan = loadQueue(seminarId).find((queued) => !tried.has(queued.scanId));
      if (!scan) break;
      tried.add(scan.scanId);
      let response: Response;
      try {
        response = await fetch(`/api/admin/seminars/${seminarId}/check-ins`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(scan),
          credentials: "same-origin",
        });
      } catch {
        break; // offline: try again later
      }
      if (response.status === 401) {
        // The session ended: keep every scan until the staff member logs in again.
        outcomes.push({ kind: "logged-out" });
        break;
      }
      if (response.ok) {
        remove(seminarId, scan.scanId);
        outcomes.push({ kind: "recorded", scan, answer: (await response.json()) as ScanAnswer });
      } else if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        remove(seminarId, scan.scanId);
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        outcomes.push({ kind: "refused", scan, message: body.message ?? "기록하지 못했습니다." });
      } else {
        break; // the server is struggling: keep the scan and try later
      }
    }
  } finally {
    sending = false;
  }
  return outcomes;
}

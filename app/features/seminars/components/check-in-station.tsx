import { ArrowLeft, Camera, CameraOff, LogIn, LogOut, WifiOff } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { cn } from "~/lib/cn";
import { formatClock, seoulDate } from "~/lib/dates";
import {
  type Direction,
  enqueueScan,
  isSending,
  loadQueue,
  type ScanAnswer,
  type SendOutcome,
  sendQueue,
} from "../check-in-queue";
import type { doorOf } from "../check-ins.server";
import type { Seminar } from "../seminars.server";

type Door = Awaited<ReturnType<typeof doorOf>>;
type Registrant = Door["registrants"][number];

type Props = {
  seminar: Pick<Seminar, "id" | "title" | "date" | "location">;
  registrants: Registrant[];
  /** The door's last records when the page was loaded, newest first. */
  recent: Door["recent"];
  isAdmin: boolean;
};

/** `warn`: recorded, but likely the wrong direction (the staff may record it again). */
type LogEntry = { key: string; ok: boolean; warn?: boolean; text: string };

/** An entry after an entry, or an exit with no entry before it: most often the toggle left wrong. */
export function wrongWay(answer: ScanAnswer) {
  if (answer.previous === undefined) return null;
  // A multi-day seminar starts each day afresh: yesterday's entry is no reason to warn today.
  const before =
    answer.previous && seoulDate(answer.previous.at) === seoulDate(answer.at)
      ? answer.previous
      : null;
  if (answer.direction === "in" && before?.direction === "in") {
    return `이미 ${formatClock(before.at)}에 입장한 분입니다. 퇴장이었다면 '퇴장'을 고르고 다시 기록해주세요.`;
  }
  if (answer.direction === "out" && before?.direction !== "in") {
    return "입장 기록이 없는 퇴장입니다. 입장이었다면 '입장'을 고르고 다시 기록해주세요.";
  }
  return null;
}

const DIRECTION_LABEL: Record<Direction, string> = { in: "입장", out: "퇴장" };
const RETRY_MS = 10_000;
/** The same code in front of the camera is read many times a second: act on it once. */
const SAME_CODE_MS = 4_000;
/** A second tap on the same person and direction within this is the same tap. */
const REPEAT_MS = 2_000;
/** How long the latest result stays in the bottom bar, in sight while the camera fills the top. */
const LATEST_MS = 10_000;

/**
 * The door: choose entry or exit, then scan tickets with the camera or find people by name or
 * phone. Every scan is queued on the phone first and sent from the queue, so it survives the
 * hall's Wi-Fi dropping (see check-in-queue.ts).
 */
export function CheckInStation({ seminar, registrants: initial, recent, isAdmin }: Props) {
  const [direction, setDirection] = useState<Direction>("in");
  const [registrants, setRegistrants] = useState(initial);
  const [pending, setPending] = useState(0);
  const [online, setOnline] = useState(true);
  const [loggedOut, setLoggedOut] = useState(false);
  const [log, setLog] = useState<LogEntry[]>(() =>
    recent.map((scan) => ({
      key: scan.id,
      ok: true,
      text: `${scan.name}님 ${DIRECTION_LABEL[scan.direction === "out" ? "out" : "in"]} ${formatClock(scan.at)}`,
    })),
  );
  // What was recorded before the page loaded is in the log, not news for the bottom bar.
  const loadedLatest = useRef(log[0]);
  const [query, setQuery] = useState("");

  const report = useCallback((outcomes: SendOutcome[]) => {
    const entries: LogEntry[] = [];
    for (const outcome of outcomes) {
      if (outcome.kind === "logged-out") {
        setLoggedOut(true);
        continue;
      }
      if (outcome.kind === "recorded") {
        const { answer } = outcome;
        const warning = wrongWay(answer);
        const recorded = `${answer.name}님 ${DIRECTION_LABEL[answer.direction]} ${formatClock(answer.at)}`;
        entries.push({
          key: outcome.scan.scanId,
          ok: true,
          warn: Boolean(warning),
          text: warning ? `${recorded} · ${warning}` : recorded,
        });
        setRegistrants((list) =>
          list.map((r) => (r.id === answer.registrationId ? { ...r, last: answer.direction } : r)),
        );
      } else {
        entries.push({ key: outcome.scan.scanId, ok: false, text: outcome.message });
      }
    }
    if (entries.length > 0) {
      navigator.vibrate?.(entries.some((e) => !e.ok || e.warn) ? [80, 60, 80] : 60);
      setLog((current) => [...entries.reverse(), ...current].slice(0, 30));
    }
  }, []);

  const flush = useCallback(async () => {
    const outcomes = await sendQueue(seminar.id);
    if (outcomes.some((o) => o.kind !== "logged-out")) setLoggedOut(false);
    report(outcomes);
    // While a send is under way its scans are not "waiting": the send reports when it ends.
    if (!isSending()) setPending(loadQueue(seminar.id).length);
  }, [seminar.id, report]);

  useEffect(() => {
    setOnline(navigator.onLine);
    setPending(loadQueue(seminar.id).length);
    void flush();
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    const timer = window.setInterval(() => {
      if (loadQueue(seminar.id).length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      window.clearInterval(timer);
    };
  }, [seminar.id, flush]);

  // A double tap on 입장 or a QR code read twice in a row is one scan, not two.
  const lastScan = useRef<{ key: string; at: number } | null>(null);
  const record = useCallback(
    (target: { ticketToken: string } | { registrationId: string }) => {
      const key = `${"ticketToken" in target ? target.ticketToken : target.registrationId}:${direction}`;
      const now = Date.now();
      if (lastScan.current?.key === key && now - lastScan.current.at < REPEAT_MS) return;
      lastScan.current = { key, at: now };
      enqueueScan(seminar.id, { ...target, direction });
      void flush();
    },
    [seminar.id, direction, flush],
  );

  const matches = useMemo(() => {
    const text = query.trim();
    if (!text) return [];
    const digits = text.replace(/\D/g, "");
    return registrants
      .filter(
        (r) =>
          r.name.includes(text) ||
          (digits.length >= 3 && r.phone.replace(/\D/g, "").includes(digits)),
      )
      .slice(0, 8);
  }, [query, registrants]);

  const inside = registrants.filter((r) => r.last === "in").length;

  // The latest result, shown in the bottom bar for a while: on a phone the log sits below the
  // camera, behind the bar, and a refused ticket would go unseen.
  const latest = log[0];
  const [latestShown, setLatestShown] = useState(false);
  useEffect(() => {
    if (!latest || latest === loadedLatest.current) return;
    setLatestShown(true);
    const timer = window.setTimeout(() => setLatestShown(false), LATEST_MS);
    return () => window.clearTimeout(timer);
  }, [latest]);

  const back = isAdmin ? `/admin/seminars/${seminar.id}` : `/activities/${seminar.id}`;

  // Door mode: the page stands alone (no site header or footer, see the route's handle), in big
  // type; the direction, the matches and the search box sit at the bottom, in reach of the thumb
  // of the hand that holds the phone.
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <div className="sticky top-0 z-10 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center gap-2 px-2">
          <Link
            to={back}
            className="inline-flex min-h-12 items-center gap-1 rounded-lg px-2 text-base font-semibold text-brand-700 hover:bg-brand-50"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
            {isAdmin ? "세미나 관리로" : "세미나로"} 돌아가기
          </Link>
          <p className="ml-auto px-2 text-sm font-bold text-slate-500">현장 출결</p>
        </div>
      </div>

      <div className="mx-auto grid w-full max-w-xl flex-1 content-start gap-4 px-4 py-4">
        <header>
          <h1 className="text-2xl leading-snug font-bold text-slate-900">{seminar.title}</h1>
          <p className="mt-1 text-base text-slate-600">
            <DateTime value={seminar.date} /> · {seminar.location}
          </p>
          <p className="mt-2 text-lg text-slate-800">
            확정 <strong className="text-2xl">{registrants.length}</strong>명 · 현재 입장{" "}
            <strong className="text-2xl text-emerald-800">{inside}</strong>명
          </p>
        </header>

        {!online || pending > 0 ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-base font-semibold text-amber-900"
          >
            <WifiOff className="size-5 shrink-0" aria-hidden="true" />
            {online ? "전송 대기" : "오프라인"} · 보내지 못한 기록 {pending}건 (연결되면 자동으로
            전송합니다)
          </p>
        ) : null}
        {loggedOut ? (
          <p
            role="alert"
            className="rounded-lg bg-rose-50 px-3 py-2 text-base font-semibold text-rose-800"
          >
            로그인이 만료되었습니다. 기록은 이 휴대전화에 보관되어 있으니{" "}
            <a
              href={`/login?redirectTo=${encodeURIComponent(`/admin/seminars/${seminar.id}/check-in`)}`}
              className="underline"
            >
              다시 로그인
            </a>
            해주세요.
          </p>
        ) : null}

        <CameraScanner onCode={(ticketToken) => record({ ticketToken })} />

        <section aria-labelledby="log-title" className="grid gap-2">
          <h2 id="log-title" className="text-lg font-bold text-slate-900">
            최근 기록
          </h2>
          {log.length === 0 ? (
            <p className="text-base text-slate-600">아직 기록이 없습니다.</p>
          ) : (
            <ul className="grid gap-1.5">
              {log.map((entry) => (
                <li
                  key={entry.key}
                  className={cn(
                    "rounded-lg px-3 py-2 text-lg font-semibold",
                    !entry.ok
                      ? "bg-rose-50 text-rose-800"
                      : entry.warn
                        ? "bg-amber-50 text-amber-900"
                        : "bg-emerald-50 text-emerald-900",
                  )}
                >
                  {entry.text}
                </li>
              ))}
            </ul>
          )}
        </section>

        <WalkIn
          seminarId={seminar.id}
          onAdded={(registrant) => {
            setRegistrants((list) => [...list, registrant]);
            record({ registrationId: registrant.id });
          }}
        />
      </div>

      <section
        aria-labelledby="find-title"
        className="sticky bottom-0 z-10 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgb(15_23_42/0.08)]"
      >
        <div className="mx-auto grid max-w-xl gap-2 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
          {/* The one live region of the results: the log below repeats them silently. */}
          <div aria-live="polite">
            {latest && latestShown ? (
              <p
                className={cn(
                  "flex min-h-12 items-center rounded-xl px-3 py-2 text-lg font-bold text-white",
                  !latest.ok ? "bg-rose-700" : latest.warn ? "bg-amber-700" : "bg-emerald-700",
                )}
              >
                {latest.ok ? null : <span className="sr-only">기록 실패: </span>}
                {latest.warn ? <span className="sr-only">확인 필요: </span> : null}
                {latest.text}
              </p>
            ) : null}
          </div>
          <h2 id="find-title" className="sr-only">
            이름 또는 전화번호로 찾기
          </h2>
          {query.trim() && matches.length === 0 ? (
            <p className="text-base text-slate-600">확정된 신청자 중 일치하는 사람이 없습니다.</p>
          ) : null}
          {matches.length > 0 ? (
            <ul className="grid max-h-[45dvh] grid-cols-1 gap-2 overflow-y-auto">
              {matches.map((r) => (
                <li
                  key={r.id}
                  className="flex min-w-0 items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-2 pl-3"
                >
                  <div className="min-w-0">
                    <p className="text-lg font-bold text-slate-900">
                      {r.name}
                      {r.last ? (
                        <span className="ml-2 text-sm font-semibold text-slate-500">
                          ({DIRECTION_LABEL[r.last]}함)
                        </span>
                      ) : null}
                    </p>
                    {/* The phone whole, on its own line: it tells apart two of the same name. */}
                    {r.hospitalName ? (
                      <p className="truncate text-sm text-slate-600">{r.hospitalName}</p>
                    ) : null}
                    {r.phone ? (
                      <p className="text-sm whitespace-nowrap text-slate-600">{r.phone}</p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    size="lg"
                    className="min-h-14 shrink-0 px-5 text-lg"
                    onClick={() => record({ registrationId: r.id })}
                  >
                    {DIRECTION_LABEL[direction]} 기록<span className="sr-only"> ({r.name})</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="이름 또는 전화번호 (예: 홍길동, 5678)"
            aria-label="이름 또는 전화번호"
            className="h-14 rounded-xl border-2 border-slate-300 px-4 text-lg"
          />
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="sr-only">기록할 방향</legend>
            {(["in", "out"] as const).map((d) => (
              <label
                key={d}
                className={cn(
                  "flex h-14 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 text-lg font-bold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
                  direction === d
                    ? d === "in"
                      ? "border-emerald-700 bg-emerald-700 text-white"
                      : "border-slate-800 bg-slate-800 text-white"
                    : "border-slate-300 bg-white text-slate-700",
                )}
              >
                <input
                  type="radio"
                  name="direction"
                  value={d}
                  checked={direction === d}
                  onChange={() => setDirection(d)}
                  className="sr-only"
                />
                {d === "in" ? (
                  <LogIn className="size-5" aria-hidden="true" />
                ) : (
                  <LogOut className="size-5" aria-hidden="true" />
                )}
                {DIRECTION_LABEL[d]}
              </label>
            ))}
          </fieldset>
        </div>
      </section>
    </div>
  );
}

/** The phone's camera, read for QR codes a few times a second (jsQR loads only when started). */
function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"off" | "starting" | "on" | "failed">("off");
  const stream = useRef<MediaStream | null>(null);
  const lastCode = useRef<{ code: string; at: number } | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setState("off");
  }, []);

  useEffect(() => stop, [stop]);

  async function start() {
    setState("starting");
    try {
      const [media, { default: jsQR }] = await Promise.all([
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        }),
        import("jsqr"),
      ]);
      stream.current = media;
      const element = video.current;
      if (!element) return;
      element.srcObject = media;
      await element.play();
      setState("on");
      const canvas = document.createElement("canvas");
      const context = canvas.getContext("2d", { willReadFrequently: true });
      const tick = () => {
        if (!stream.current) return;
        if (context && element.readyState >= 2 && element.videoWidth > 0) {
          const scale = Math.min(1, 720 / element.videoWidth);
          canvas.width = Math.round(element.videoWidth * scale);
          canvas.height = Math.round(element.videoHeight * scale);
          context.drawImage(element, 0, 0, canvas.width, canvas.height);
          const image = context.getImageData(0, 0, canvas.width, canvas.height);
          const found = jsQR(image.data, image.width, image.height, {
            inversionAttempts: "dontInvert",
          });
          const now = Date.now();
          if (found?.data) {
            // A ticket held in front of the camera counts once: it must leave the picture for
            // SAME_CODE_MS before it counts again.
            const seen =
              lastCode.current?.code === found.data && now - lastCode.current.at < SAME_CODE_MS;
            lastCode.current = { code: found.data, at: now };
            if (!seen) onCodeRef.current(found.data);
          }
        }
        window.setTimeout(tick, 150);
      };
      tick();
    } catch {
      stop();
      setState("failed");
    }
  }

  return (
    <section aria-labelledby="camera-title" className="grid gap-2">
      <h2 id="camera-title" className="sr-only">
        QR 티켓 스캔
      </h2>
      <div
        className={cn(
          "relative overflow-hidden rounded-xl bg-slate-900",
          state === "on" || state === "starting" ? "aspect-[4/3]" : "hidden",
        )}
      >
        <video ref={video} muted playsInline className="h-full w-full object-cover" />
        <div className="pointer-events-none absolute inset-[18%] rounded-xl border-4 border-white/80" />
      </div>
      {state === "on" || state === "starting" ? (
        <Button type="button" variant="secondary" size="lg" className="min-h-14" onClick={stop}>
          <CameraOff className="size-4" aria-hidden="true" /> 카메라 끄기
        </Button>
      ) : (
        <Button type="button" size="lg" className="min-h-14 text-lg" onClick={start}>
          <Camera className="size-5" aria-hidden="true" /> 카메라로 QR 티켓 스캔
        </Button>
      )}
      {state === "failed" ? (
        <p role="alert" className="text-sm text-rose-700">
          카메라를 열 수 없습니다. 브라우저의 카메라 권한을 확인하거나 이름으로 찾아주세요.
        </p>
      ) : null}
    </section>
  );
}

/** A walk-in: an approved member registered and checked in on the spot (needs the network). */
function WalkIn({
  seminarId,
  onAdded,
}: {
  seminarId: string;
  onAdded: (registrant: Registrant) => void;
}) {
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch(`/api/admin/seminars/${seminarId}/registrations`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        id?: string;
        name?: string;
        message?: string;
      };
      if (!response.ok || !body.id) {
        setMessage(body.message ?? "등록하지 못했습니다.");
        return;
      }
      // The call answers the name and the registration only: the door needs nothing more.
      onAdded({ id: body.id, name: body.name ?? email, phone: "", hospitalName: null, last: null });
      setEmail("");
    } catch {
      setMessage("현장 등록은 인터넷 연결이 필요합니다.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="font-bold text-slate-900">현장 등록</h2>
      <p className="text-sm text-slate-600">
        신청하지 않은 회원을 이메일로 등록하고 바로 출결을 기록합니다.
      </p>
      <label htmlFor="walk-in-email" className="sr-only">
        회원 이메일
      </label>
      <input
        id="walk-in-email"
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder="회원 이메일"
        className="h-12 rounded-lg border border-slate-300 px-3 text-base"
      />
      {message ? (
        <p role="alert" className="text-sm text-rose-700">
          {message}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" size="lg" disabled={busy}>
        등록하고 기록
      </Button>
    </form>
  );
}

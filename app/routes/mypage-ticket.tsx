import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { requireUser } from "~/features/accounts/session.server";
import { findTicket } from "~/features/seminars/registrations.server";
import { ticketQrSvg } from "~/features/seminars/ticket-code.server";
import type { Route } from "./+types/mypage-ticket";

export const meta: Route.MetaFunction = () => [
  { title: "세미나 입장 티켓" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requireUser({ request, url });
  const ticket = await findTicket(params.id, user.id);
  if (!ticket) throw data(null, { status: 404 });
  return {
    name: ticket.registration.name,
    seminar: {
      id: ticket.seminar.id,
      title: ticket.seminar.title,
      date: ticket.seminar.date,
      location: ticket.seminar.location,
    },
    qr: await ticketQrSvg(ticket.token),
  };
}

export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { seminar, name, qr } = loaderData;
  return (
    <Section className="max-w-md">
      <Link
        to="/mypage/seminars"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> 마이페이지
      </Link>
      <Card className="mt-4 grid justify-items-center gap-4 p-6 text-center">
        <h1 className="text-xl leading-snug font-bold text-slate-900">{seminar.title}</h1>
        <p className="text-base text-slate-700">
          <DateTime value={seminar.date} />
          <br />
          {seminar.location}
        </p>
        <div
          role="img"
          aria-label={`${name}님의 입장 QR 코드`}
          className="w-full max-w-[20rem] rounded-xl bg-white p-2 ring-1 ring-slate-200 [&>svg]:h-auto [&>svg]:w-full"
          // Drawn on the server by the qrcode library from the signed ticket token.
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <p className="text-lg font-bold text-slate-900">{name}</p>
        <p className="text-sm leading-6 text-slate-600">
          입장과 퇴장 때 이 화면을 담당자에게 보여주세요. 화면 밝기를 높이면 더 빨리 인식됩니다.
        </p>
      </Card>
    </Section>
  );
}

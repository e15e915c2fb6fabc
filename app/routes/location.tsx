import { Bus, Car, ExternalLink, Mail, MapPin, Phone, TrainFront } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import {
  BUS_ROUTES,
  BUS_STOP,
  mapLinks,
  PARKING_NOTES,
  SUBWAY_DIRECTIONS,
} from "~/features/society/directions";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/location";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "오시는 길",
    description: "학회 사무국의 위치와 대중교통 이용 방법을 안내합니다.",
    path: "/location",
  });

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-700">
          {icon}
        </span>
        {title}
      </h2>
      <div className="mt-4 text-base leading-7 text-slate-700">{children}</div>
    </Card>
  );
}

export default function Location() {
  const { society } = useRootData();
  return (
    <>
      <PageHeader title="오시는 길">
        {society.name} 사무국 찾아오시는 길을 안내해 드립니다.
      </PageHeader>
      <Section>
        {/* Where first, then the map: on a phone the address is what one copies or taps. */}
        <div className="grid gap-5 md:grid-cols-2">
          <InfoCard icon={<MapPin className="size-5" aria-hidden="true" />} title="주소">
            <p>{society.address}</p>
            <p className="text-slate-600">{society.building}</p>
          </InfoCard>
          <InfoCard icon={<Phone className="size-5" aria-hidden="true" />} title="연락처">
            <p className="flex items-center gap-2">
              <Phone className="size-4 text-slate-500" aria-hidden="true" />
              <span className="sr-only">전화</span>
              <a href={`tel:${society.phone.replace(/[^0-9+]/g, "")}`} className="hover:underline">
                {society.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Mail className="size-4 text-slate-500" aria-hidden="true" />
              <span className="sr-only">이메일</span>
              <a href={`mailto:${society.email}`} className="hover:underline">
                {society.email}
              </a>
            </p>
          </InfoCard>
        </div>
        <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
          <iframe
            title={`${society.name} 사무국 위치 지도`}
            src={society.mapEmbedUrl}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="block h-[500px] w-full border-0"
            height={500}
          />
        </div>
        {/* The embedded map may not load (blocked, offline): the map apps are one tap away. */}
        <ul className="mt-4 flex flex-wrap gap-2">
          {mapLinks(society.address).map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 text-base font-semibold text-slate-800 hover:bg-slate-50"
              >
                {link.label}
                <ExternalLink className="size-4 text-slate-500" aria-hidden="true" />
                <span className="sr-only">(새 창)</span>
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-8 grid gap-5 md:grid-cols-2">
          <InfoCard icon={<TrainFront className="size-5" aria-hidden="true" />} title="지하철">
            <ul className="space-y-1">
              {SUBWAY_DIRECTIONS.map((way) => (
                <li key={way.line}>
                  <strong className="font-semibold">{way.line}</strong> {way.station} {way.exit},{" "}
                  {way.walk}
                </li>
              ))}
            </ul>
          </InfoCard>
          <InfoCard icon={<Bus className="size-5" aria-hidden="true" />} title="버스">
            <ul className="space-y-1">
              {BUS_ROUTES.map((route) => (
                <li key={route.kind}>
                  <strong className="font-semibold">{route.kind}</strong> {route.numbers.join(", ")}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-slate-600">‘{BUS_STOP}’ 정류장에서 하차하세요.</p>
          </InfoCard>
          <InfoCard icon={<Car className="size-5" aria-hidden="true" />} title="주차 안내">
            <ul className="list-disc space-y-1 pl-5">
              {PARKING_NOTES.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </InfoCard>
        </div>
      </Section>
    </>
  );
}

import type { ReactNode } from "react";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "개인정보처리방침",
    description:
      "학회가 처리하는 개인정보의 항목, 처리 목적, 보유 기간, 정보주체의 권리와 행사 방법, 개인정보 보호책임자 등을 안내합니다.",
    path: "/privacy",
  });

const EFFECTIVE_DATE = "2026년 12월 7일";
const EFFECTIVE_DATE_ISO = "2026-12-07";
const POLICY_VERSION = "v1.6";
// v1.1 to v1.4 took effect on one day.
const EARLIER_DATE = "2026년 11월 24일";

const SECTIONS = [
  { id: "items", title: "처리하는 개인정보 항목" },
  { id: "purposes", title: "개인정보의 처리 목적" },
  { id: "retention", title: "개인정보의 보유 및 이용 기간" },
  { id: "third-party", title: "개인정보의 제3자 제공" },
  { id: "outsourcing", title: "개인정보 처리의 위탁" },
  { id: "rights", title: "정보주체의 권리와 행사 방법" },
  { id: "destruction", title: "개인정보의 파기 절차 및 방법" },
  { id: "safety", title: "개인정보의 안전성 확보 조치" },
  { id: "cookies", title: "개인정보 자동 수집 장치의 설치·운영 및 거부" },
  { id: "officer", title: "개인정보 보호책임자" },
  { id: "remedies", title: "권익침해 구제 방법" },
  { id: "changes", title: "개인정보처리방침의 변경" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];

function PolicySection({ id, children }: { id: SectionId; children: ReactNode }) {
  const index = SECTIONS.findIndex((s) => s.id === id);
  const title = SECTIONS[index]?.title ?? "";
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {index + 1}. {title}
      </h2>
      <div className="mt-4 space-y-4 text-base leading-7 text-slate-700">{children}</div>
    </section>
  );
}

function PolicyTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
}) {
  return (
    <ScrollRegion label={caption} className="rounded-2xl border border-slate-200">
      <table
        className={`w-full border-collapse text-left text-sm leading-6 ${headers.length > 2 ? "min-w-[36rem]" : ""}`}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map(([head, ...cells], rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static rows that never reorder
            <tr key={rowIndex} className="align-top">
              <th scope="row" className="w-1/3 min-w-[7rem] px-4 py-3 font-semibold text-slate-900">
                {head}
              </th>
              {cells.map((cell, cellIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static cells that never reorder
                <td key={cellIndex} className="px-4 py-3 text-slate-700">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-brand-500">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static list that never reorders
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export default function Privacy() {
  const { society } = useRootData();
  const phoneHref = `tel:${society.phone.replace(/[^0-9+]/g, "")}`;
  const contact = (
    <>
      전화{" "}
      <a href={phoneHref} className="font-semibold text-brand-700 hover:underline">
        {society.phone}
      </a>
      , 이메일{" "}
      <a href={`mailto:${society.email}`} className="font-semibold text-brand-700 hover:underline">
        {society.email}
      </a>
    </>
  );

  return (
    <>
      <PageHeader title="개인정보처리방침">
        {society.name}(이하 &lsquo;학회&rsquo;)는 「개인정보 보호법」 제30조에 따라 정보주체의
        개인정보를 보호하고 이와 관련한 고충을 신속하고 원활하게 처리할 수 있도록 다음과 같이
        개인정보처리방침을 수립·공개합니다.
      </PageHeader>

      <Section>
        <p className="text-sm text-slate-600">
          버전 {POLICY_VERSION} · 시행일 <time dateTime={EFFECTIVE_DATE_ISO}>{EFFECTIVE_DATE}</time>
        </p>

        <nav aria-labelledby="toc-title" className="mt-6">
          <Card className="p-6 sm:p-8">
            <p id="toc-title" className="text-base font-bold text-slate-900">
              목차
            </p>
            <ol className="mt-4 grid gap-x-8 gap-y-2 text-base sm:grid-cols-2">
              {SECTIONS.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-slate-700 hover:text-brand-700 hover:underline"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </Card>
        </nav>

        <div className="mt-12 max-w-4xl space-y-12">
          <PolicySection id="items">
            <p>
              학회는 회원 가입과 정회원 신청 과정에서 아래의 개인정보를 정보주체로부터 직접
              입력받거나 업로드받아 수집합니다. 학회는 주민등록번호를 수집하지 않습니다.
            </p>
            <PolicyTable
              caption="처리하는 개인정보 항목"
              headers={["구분", "수집 항목", "수집 방법"]}
              rows={[
                [
                  "회원 가입(필수)",
                  "이메일, 비밀번호(암호화 저장), 이름, 휴대전화번호, 의사 면허번호, 의사 면허증 이미지, 병·의원명, 진료과목, 병·의원 주소",
                  "홈페이지 회원 가입 양식",
                ],
                [
                  "정회원 신청",
                  "이름, 이메일, 휴대전화번호, 의사 면허번호, 병·의원명, 진료과목, 병·의원 주소, 의사 면허증 이미지(선택), 신청 일시 및 심사 결과(반려 사유 포함)",
                  "홈페이지 정회원 신청 양식",
                ],
                [
                  "서비스 이용 과정",
                  "로그인 세션 정보(쿠키), 접속 일시, 접속 IP 주소와 브라우저 정보, 로그인·로그아웃·인증 실패 기록",
                  "서비스 이용 시 자동 생성",
                ],
                [
                  "세미나 신청·참석",
                  "이름, 이메일, 휴대전화번호, 병·의원명, 의사 면허번호, 신청·대기·취소 내역, 입장·퇴장 시각, 연수평점과 이의 내용, 참석확인서 확인 코드",
                  "세미나 신청과 현장 출결 기록",
                ],
                [
                  "회비 납부",
                  "이름, 회비 연도, 납부 금액·방법·일자, 입금자명, 메모, 납부 취소 사유, 회비 면제 사유, 납부확인서 확인 코드, 납부 안내 발송 기록",
                  "사무국의 납부 기록, 학회 계좌의 은행 거래내역(입금자명·금액·거래일)",
                ],
                [
                  "온라인 결제(회비·세미나 등록비)",
                  "이름, 이메일, 휴대전화번호, 결제 금액·수단·일시, 결제대행사의 거래 번호와 승인 번호, 가상계좌 번호와 입금 기한, 환불 내역, 현금영수증 발급 정보(휴대전화번호 또는 사업자등록번호, 승인 번호). 카드 번호와 계좌 비밀번호는 학회가 받지 않고 결제대행사가 처리합니다.",
                  "결제 화면에서 입력, 결제대행사가 알려 주는 결제 결과",
                ],
                [
                  "알림톡·문자 수신",
                  "휴대전화번호, 문자 수신 여부와 광고성 정보 수신 동의 일시, 보낸 알림톡·문자의 내용과 발송 결과",
                  "마이페이지의 알림 설정, 발송 시 자동 생성",
                ],
                [
                  "총회 투표",
                  "투표 대상 회원 명단, 투표 참여 여부와 참여한 날짜, 선거인 명부 이의 내용. 무엇을 선택했는지는 누구의 표인지 알 수 없게 저장하며 학회도 볼 수 없습니다.",
                  "투표 공고 시 명부 확정, 투표 시 자동 생성",
                ],
                [
                  "자료실 이용",
                  "자료를 내려받은 회원과 날짜(같은 날 여러 번 받아도 한 번으로 세기 위한 기록)",
                  "자료실에서 자료를 내려받을 때 자동 생성",
                ],
                [
                  "회원 게시판 이용",
                  "작성자 이름(작성 당시), 게시물·댓글 내용과 첨부 이미지, 작성·수정 일시, 신고 내용, 댓글 알림 수신 여부",
                  "회원이 게시판에 직접 작성",
                ],
              ]}
            />
          </PolicySection>

          <PolicySection id="purposes">
            <p>
              학회는 다음의 목적을 위해서만 개인정보를 처리하며, 목적이 변경되는 경우에는 「개인정보
              보호법」 제18조에 따라 별도의 동의를 받는 등 필요한 조치를 이행합니다.
            </p>
            <PolicyTable
              caption="개인정보의 처리 목적"
              headers={["처리 목적", "세부 내용"]}
              rows={[
                [
                  "회원 자격 확인 및 가입 승인",
                  "의사 면허 및 병·의원 운영 여부 확인, 준회원 가입 승인, 정회원 신청 심사 및 승인",
                ],
                [
                  "회원 관리",
                  "본인 확인, 로그인 및 회원 전용 콘텐츠 제공, 부정 이용 방지, 문의·고충 처리, 탈퇴 처리",
                ],
                [
                  "학회 활동 안내",
                  "세미나·학술 활동 및 공지사항 안내, 정회원 연회비 납부 안내, 심사 결과 통지(문자 메시지·이메일)",
                ],
                [
                  "세미나 운영과 연수평점",
                  "세미나 신청·대기·취소 처리와 안내, 입장 티켓과 현장 출결 확인, 연수평점 산정과 이의 처리, 참석확인서 발급과 진위 확인, 대한의사협회 보수교육 결과 보고",
                ],
                [
                  "회비 관리",
                  "연회비 납부 확인과 정회원 자격 판단, 납부 안내 메일 발송, 납부확인서 발급과 진위 확인, 학회 회계 처리",
                ],
                [
                  "온라인 결제",
                  "회비와 세미나 등록비의 결제·환불 처리, 현금영수증 발급, 납부확인서 발급, 학회 회계 처리",
                ],
                [
                  "알림톡·문자 발송",
                  "세미나 신청·결제·회비·투표 안내 등 회원 활동에 필요한 알림, 광고성 정보 수신에 동의한 회원에게 학회 소식 안내",
                ],
                ["총회 투표", "투표권 확인과 중복 투표 방지, 투표율과 정족수 확인, 투표 결과 공고"],
                [
                  "자료실 운영",
                  "회원 자격에 따른 자료 제공, 자료별 내려받은 횟수 집계(같은 회원이 같은 날 여러 번 받아도 한 번)",
                ],
                [
                  "회원 게시판 운영",
                  "회원 간 질의응답 게시판 제공, 내 게시물의 댓글 알림(마이페이지에서 끌 수 있음), 신고 처리와 숨김 사유 안내",
                ],
              ]}
            />
          </PolicySection>

          <PolicySection id="retention">
            <p>
              학회는 개인정보의 처리 목적이 달성되면 해당 개인정보를 지체 없이 파기합니다. 항목별
              보유 기간은 다음과 같습니다.
            </p>
            <PolicyTable
              caption="개인정보의 보유 및 이용 기간"
              headers={["구분", "보유 기간"]}
              rows={[
                ["회원 가입 정보", "회원 탈퇴 시까지"],
                ["정회원 신청 정보", "회원 탈퇴 시까지"],
                ["가입이 반려된 경우의 의사 면허증 이미지", "가입 반려일로부터 30일 후 삭제"],
                [
                  "온라인 결제와 환불 기록",
                  "5년(「전자상거래 등에서의 소비자보호에 관한 법률」의 대금결제 기록 보존 기간)",
                ],
                ["보낸 알림톡·문자의 내용과 발송 결과", "발송일로부터 1년"],
                ["보낸 이메일의 내용", "발송일로부터 90일"],
                ["총회 투표의 명부와 참여 여부", "투표가 끝난 뒤에도 총회 의사록의 근거로 보존"],
                [
                  "회원 게시판의 게시물·댓글",
                  "작성자가 삭제하거나 관리자가 삭제할 때까지. 회원 탈퇴 후에도 다른 회원의 글과 이어진 대화를 보존하기 위해 작성 당시의 이름과 함께 남으며, 탈퇴 전에 직접 삭제할 수 있습니다. 탈퇴 후 삭제를 원하시면 개인정보 보호책임자에게 요청해주세요.",
                ],
                [
                  "세미나 신청·출결·연수평점 기록",
                  "회원 탈퇴 시까지. 다만 참석한 세미나의 출결·연수평점 기록(이름, 의사 면허번호, 소속 병·의원, 입장·퇴장 시각, 인정 시간과 평점, 참석확인서 번호)은 의료법령에 따른 보수교육 관계 서류로서 탈퇴 후에도 세미나가 끝난 날부터 3년간 보존하며(연락처는 탈퇴 시 삭제), 그동안 참석확인서의 진위 확인도 계속됩니다.",
                ],
                [
                  "회비 납부·취소 기록",
                  "학회 회계 기록으로 납부한 해의 다음 해부터 5년 (회원 탈퇴 후에도 이름과 납부 내역만 보존하며, 납부확인서의 진위 확인은 계속됩니다)",
                ],
                ["회비 면제·납부 안내 기록", "회원 탈퇴 시까지"],
                [
                  "은행 거래내역에서 읽은 입금 내역(입금자명·금액·거래일)",
                  "가져온 날로부터 30일 (파일 자체는 저장하지 않습니다)",
                ],
                [
                  "자료실 내려받기 기록(회원과 날짜)",
                  "내려받은 다음 날까지 (이후에는 자료별 내려받은 횟수만 남습니다)",
                ],
                ["로그인·인증 기록(접속 IP 주소, 브라우저 정보 포함)", "기록일로부터 1년"],
                [
                  "관계 법령에 따라 보존이 필요한 기록",
                  "해당 법령에서 정한 기간(예: 「통신비밀보호법」에 따른 로그인 기록 3개월)",
                ],
              ]}
            />
          </PolicySection>

          <PolicySection id="third-party">
            <p>
              학회는 정보주체의 개인정보를 제3자에게 제공하지 않습니다. 다만 정보주체가 별도로
              동의한 경우 또는 법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 불가피한
              경우(「개인정보 보호법」 제17조 및 제18조)에는 예외로 합니다.
            </p>
            <p>
              학회가 실시한 세미나의 연수평점은 의료법령에 따른 보수교육 실시 결과 보고를 위해
              대한의사협회에 제공합니다. 제공 항목은 이름, 의사 면허번호, 소속 병·의원, 입장·퇴장
              시각, 인정 시간과 평점이며, 대한의사협회가 보수교육 이수 관리에 이용합니다.
            </p>
          </PolicySection>

          <PolicySection id="outsourcing">
            <p>
              학회는 원활한 서비스 제공을 위해 다음과 같이 개인정보 처리 업무를 위탁하고 있으며,
              「개인정보 보호법」 제26조에 따라 위탁 계약 시 개인정보가 안전하게 관리되도록 필요한
              사항을 정하고 감독합니다. 수탁자나 위탁 업무가 바뀌면 본 방침을 통해 알려 드립니다.
            </p>
            <PolicyTable
              caption="개인정보 처리의 위탁"
              headers={["수탁자", "위탁 업무"]}
              rows={[
                [
                  "코리아포트원 주식회사(포트원)와 결제 수단별 결제대행사·간편결제사(카카오페이, 네이버페이, 토스페이)",
                  "회비와 세미나 등록비의 결제·환불 처리, 가상계좌 발급, 현금영수증 발급",
                ],
                ["주식회사 누리고(솔라피)", "카카오 알림톡과 문자 메시지 발송"],
                ["학회가 이용하는 전자우편 발송 서비스", "안내 메일 발송"],
              ]}
            />
          </PolicySection>

          <PolicySection id="rights">
            <p>정보주체는 학회에 대해 언제든지 다음과 같은 권리를 행사할 수 있습니다.</p>
            <BulletList
              items={[
                "개인정보 열람 요구",
                "오류 등이 있을 경우 정정 요구",
                "삭제 요구",
                "처리정지 요구",
              ]}
            />
            <h3 className="pt-2 text-base font-bold text-slate-900">권리 행사 방법</h3>
            <BulletList
              items={[
                <>
                  서면, 전화 또는 이메일로 아래 개인정보 보호책임자에게 요청하실 수 있습니다(
                  {contact}). 학회는 요청을 받은 날부터 10일 이내에 조치하고 그 결과를 알려
                  드립니다.
                </>,
                "회원 탈퇴(개인정보 삭제)를 원하시는 경우에도 같은 방법으로 요청하실 수 있습니다.",
                "법정대리인이나 위임을 받은 자 등 대리인을 통하여 권리를 행사하실 수 있으며, 이 경우 「개인정보 처리 방법에 관한 고시」에 따른 위임장을 제출하셔야 합니다.",
                "권리 행사 시 요청한 사람이 본인이거나 정당한 대리인인지 확인합니다.",
                "다른 법령에서 그 개인정보가 수집 대상으로 명시되어 있는 경우에는 삭제를 요구할 수 없으며, 법령에 따라 열람·처리정지 요구가 제한될 수 있습니다.",
              ]}
            />
          </PolicySection>

          <PolicySection id="destruction">
            <h3 className="text-base font-bold text-slate-900">파기 절차</h3>
            <p>
              보유 기간이 지나거나 처리 목적이 달성된 개인정보는 지체 없이 파기합니다. 관계 법령에
              따라 계속 보존해야 하는 경우에는 해당 개인정보를 다른 개인정보와 분리하여
              저장·관리하고, 보존 기간이 끝나면 파기합니다.
            </p>
            <h3 className="text-base font-bold text-slate-900">파기 방법</h3>
            <BulletList
              items={[
                "전자적 파일 형태의 정보(의사 면허증 이미지 포함): 복구 및 재생이 불가능한 기술적 방법으로 삭제",
                "종이에 출력된 정보: 분쇄하거나 소각",
              ]}
            />
          </PolicySection>

          <PolicySection id="safety">
            <p>
              학회는 「개인정보 보호법」 제29조에 따라 개인정보의 안전성 확보를 위해 다음과 같은
              조치를 하고 있습니다.
            </p>
            <PolicyTable
              caption="개인정보의 안전성 확보 조치"
              headers={["구분", "조치 내용"]}
              rows={[
                [
                  "암호화",
                  "비밀번호는 복호화할 수 없도록 일방향 암호화하여 저장하며, 개인정보는 암호화된 통신(HTTPS)으로 전송합니다.",
                ],
                [
                  "접근 통제",
                  "개인정보와 의사 면허증 이미지는 권한을 부여받은 관리자만 열람할 수 있도록 접근 권한을 관리합니다.",
                ],
                [
                  "접근 기록 보관",
                  "개인정보처리시스템에 대한 접속 기록을 최소 1년 이상 보관하고 위·변조되지 않도록 관리합니다.",
                ],
              ]}
            />
          </PolicySection>

          <PolicySection id="cookies">
            <p>
              학회는 로그인 상태를 유지하기 위해 세션 쿠키를 사용합니다. 광고나 행태정보 수집을
              목적으로 쿠키를 사용하지 않습니다.
            </p>
            <p>
              이용자는 웹 브라우저 설정에서 쿠키 저장을 거부할 수 있습니다. 다만 쿠키 저장을
              거부하면 로그인이 필요한 회원 전용 서비스를 이용하실 수 없습니다.
            </p>
          </PolicySection>

          <PolicySection id="officer">
            <p>
              학회는 개인정보 처리에 관한 업무를 총괄하여 책임지고, 개인정보 처리와 관련한
              정보주체의 불만 처리 및 피해 구제를 위하여 아래와 같이 개인정보 보호책임자를 지정하고
              있습니다. 열람 청구 등 권리 행사도 아래 연락처로 접수하실 수 있습니다.
            </p>
            <PolicyTable
              caption="개인정보 보호책임자 연락처"
              headers={["구분", "내용"]}
              rows={[
                ["개인정보 보호책임자", society.privacyOfficer],
                ["연락처", society.privacyOfficerContact],
                [
                  "전화",
                  <a key="phone" href={phoneHref} className="text-brand-700 hover:underline">
                    {society.phone}
                  </a>,
                ],
                [
                  "이메일",
                  <a
                    key="email"
                    href={`mailto:${society.email}`}
                    className="break-all text-brand-700 hover:underline"
                  >
                    {society.email}
                  </a>,
                ],
                ["주소", `${society.address} ${society.building}`],
              ]}
            />
          </PolicySection>

          <PolicySection id="remedies">
            <p>
              정보주체는 개인정보 침해로 인한 구제를 받기 위하여 아래 기관에 분쟁 해결이나 상담 등을
              신청할 수 있습니다.
            </p>
            <PolicyTable
              caption="권익침해 구제 기관"
              headers={["기관", "연락처", "홈페이지"]}
              rows={[
                ["개인정보분쟁조정위원회", "1833-6972", "www.kopico.go.kr"],
                ["개인정보침해신고센터", "(국번 없이) 118", "privacy.kisa.or.kr"],
                ["대검찰청", "(국번 없이) 1301", "www.spo.go.kr"],
                ["경찰청", "(국번 없이) 182", "ecrm.police.go.kr"],
              ]}
            />
          </PolicySection>

          <PolicySection id="changes">
            <p>
              이 개인정보처리방침은 <time dateTime={EFFECTIVE_DATE_ISO}>{EFFECTIVE_DATE}</time>부터
              적용됩니다. 내용이 추가·삭제 또는 수정되는 경우에는 시행 7일 전부터 홈페이지를 통해
              알려 드립니다.
            </p>
            <PolicyTable
              caption="개인정보처리방침 변경 이력"
              headers={["버전", "시행일", "내용"]}
              rows={[
                [
                  POLICY_VERSION,
                  EFFECTIVE_DATE,
                  "탈퇴한 회원의 세미나 출결·연수평점 기록을 보수교육 관계 서류로서 세미나가 끝난 날부터 3년간 보존(참석확인서 진위 확인 유지)",
                ],
                [
                  "v1.5",
                  "2026년 12월 6일",
                  "온라인 결제, 알림톡·문자, 총회 투표의 처리 항목·목적·보유 기간과 개인정보 처리의 위탁(결제대행·메시지 발송) 추가",
                ],
                [
                  "v1.4",
                  EARLIER_DATE,
                  "자료실 내려받기 기록(회원과 날짜)의 처리 항목·목적·보유 기간 추가",
                ],
                [
                  "v1.3",
                  EARLIER_DATE,
                  "회비 납부·면제·납부 안내 기록과 은행 거래내역 가져오기의 처리 항목·목적·보유 기간 추가",
                ],
                [
                  "v1.2",
                  EARLIER_DATE,
                  "세미나 신청·출결·연수평점의 처리 항목·목적·보유 기간과 대한의사협회 제공, 로그인·인증 기록(1년) 추가",
                ],
                [
                  "v1.1",
                  EARLIER_DATE,
                  "회원 게시판의 처리 항목·목적·보유 기간(탈퇴 후 게시물) 추가",
                ],
                ["v1", "2026년 11월 21일", "최초 제정"],
              ]}
            />
          </PolicySection>
        </div>
      </Section>
    </>
  );
}

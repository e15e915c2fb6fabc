CREATE TABLE "issued_numbers" (
	"key" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "society_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"representative" text,
	"registration_label" varchar(20),
	"registration_number" text,
	"address" text,
	"phone" text,
	"fax" text,
	"email" text,
	"privacy_officer" text,
	"privacy_officer_contact" text,
	"emblem_url" text,
	"seal_url" text,
	"related_links" jsonb,
	"updated_at" timestamp with time zone,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_consent_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "society_settings" ADD CONSTRAINT "society_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_versions" ADD CONSTRAINT "terms_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_numbers_year_number_unique" ON "issued_numbers" USING btree ("year","number");
--> statement-breakpoint
INSERT INTO "society_settings" ("id") VALUES (1);
--> statement-breakpoint
INSERT INTO "terms_versions" ("version", "body") VALUES (1, $terms$제1조 (목적)
이 약관은 학회(이하 "학회")가 운영하는 홈페이지(이하 "사이트")에서 제공하는 서비스의 이용 조건과 절차, 학회와 이용자의 권리·의무 및 책임 사항을 정하는 것을 목적으로 합니다.

제2조 (용어의 정의)
1. "이용자"란 사이트에 접속하여 이 약관에 따라 학회가 제공하는 서비스를 받는 회원과 비회원을 말합니다.
2. "회원"이란 의사 면허를 가진 사람으로서 이 약관과 개인정보처리방침에 동의하고 가입을 신청하여 학회의 승인을 받은 사람을 말합니다.
3. "정회원"이란 회원 가운데 학회 정관이 정한 바에 따라 정회원 자격을 얻은 사람을 말합니다.

제3조 (약관의 게시와 개정)
1. 학회는 이 약관을 사이트에 게시하여 이용자가 언제든지 볼 수 있도록 합니다.
2. 학회는 관련 법령을 위반하지 않는 범위에서 이 약관을 개정할 수 있으며, 개정하는 경우 시행일과 개정 내용을 시행 7일 전부터 사이트에 공지합니다. 회원에게 불리한 개정은 30일 전부터 공지합니다.
3. 이전 버전의 약관은 사이트에서 계속 열람할 수 있습니다.

제4조 (회원 가입)
1. 가입을 원하는 사람은 학회가 정한 양식에 따라 정보를 입력하고 의사 면허증 이미지를 제출하여 가입을 신청합니다.
2. 학회는 제출된 정보를 확인한 뒤 가입을 승인합니다. 정보가 사실과 다르거나 의사 면허를 확인할 수 없는 경우 승인하지 않을 수 있으며, 그 사유를 알립니다.

제5조 (회원 정보의 변경)
회원은 가입할 때 제출한 정보가 바뀐 경우 마이페이지에서 고치거나 사무국에 알려야 합니다. 알리지 않아 생긴 불이익은 학회가 책임지지 않습니다.

제6조 (서비스의 제공)
학회는 학회 소식과 공지사항, 학술 활동과 세미나 신청, 연수 평점과 참석 확인서, 회비 납부, 자료실, 회원 게시판, 총회 투표 등의 서비스를 제공합니다. 일부 서비스는 회원 또는 정회원에게만 제공됩니다.

제7조 (이용자의 의무)
이용자는 다음 행위를 해서는 안 됩니다.
1. 다른 사람의 정보를 도용하거나 거짓 정보를 등록하는 행위
2. 회원 게시판과 자료실의 내용을 학회의 허락 없이 외부에 옮기거나 공개하는 행위
3. 환자 정보 등 다른 사람의 개인정보를 게시하는 행위
4. 학회와 다른 이용자의 명예를 훼손하거나 업무를 방해하는 행위
5. 관련 법령과 학회 정관에 어긋나는 행위

제8조 (게시물의 관리)
회원이 작성한 게시물의 권리와 책임은 작성자에게 있습니다. 학회는 제7조에 어긋나는 게시물을 미리 알리지 않고 숨기거나 삭제할 수 있습니다.

제9조 (회원 자격의 정지와 탈퇴)
1. 회원은 언제든지 사무국에 탈퇴를 요청할 수 있습니다.
2. 학회는 회원이 제7조를 위반한 경우 자격을 정지하거나 상실시킬 수 있으며, 그 사유를 알립니다.

제10조 (개인정보의 보호)
학회는 관련 법령과 개인정보처리방침에 따라 이용자의 개인정보를 보호합니다.

제11조 (책임의 한계)
학회는 천재지변, 통신 장애 등 학회가 통제할 수 없는 사유로 서비스를 제공하지 못한 경우 책임을 지지 않습니다.

제12조 (분쟁의 해결)
이 약관과 관련한 분쟁은 대한민국 법령에 따르며, 학회 사무국 소재지를 관할하는 법원을 관할 법원으로 합니다.

부칙
이 약관은 사이트를 연 날부터 시행합니다.$terms$);
--> statement-breakpoint
CREATE TRIGGER "society_settings_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "society_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "terms_versions_bump_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "terms_versions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();

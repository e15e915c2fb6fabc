// The checkout: the way to pay, a 현금영수증 for money by account, and the button. With PortOne the
// browser opens PortOne's payment window (its SDK is loaded only here, on the click), then asks
// the server to read the payment back; the test gateway needs no window and works without
// JavaScript: the form posts to the page, which moves the test payment as the provider would.
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, inputClass, Label } from "~/components/ui/field";
import { useFocusOnRefusal } from "~/lib/focus-refusal";
import { formatNumber } from "~/lib/numbers";
import { fieldMessage, type Refusal, submittedValue } from "~/lib/refusal";
import {
  CASH_RECEIPT_TYPES,
  EASY_PAY_LABELS,
  PAY_METHOD_LABELS,
  type PayMethodName,
} from "../validation";

type Props = {
  paymentId: string;
  amount: number;
  test: boolean;
  methods: PayMethodName[];
  easyPays: (keyof typeof EASY_PAY_LABELS)[];
  /** 가상계좌 only for dues: a seminar seat is held for minutes, a deposit takes hours. */
  allowVirtualAccount: boolean;
  /** The member's own mobile number, offered for a 소득공제 receipt (most ask for their own). */
  phone: string;
  refusal: Refusal | null;
};

const radio = "size-4 accent-brand-700";

export function CheckoutForm(props: Props) {
  const { refusal } = props;
  const methods = props.methods.filter((m) => m !== "virtual_account" || props.allowVirtualAccount);
  const [method, setMethod] = useState<string>(
    submittedValue(refusal, "method") ?? methods[0] ?? "card",
  );
  const [receipt, setReceipt] = useState(submittedValue(refusal, "cashReceiptType") ?? "none");
  const [windowError, setWindowError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const navigation = useNavigation();
  const busy = opening || (navigation.state !== "idle" && navigation.formMethod === "POST");
  const byAccount = method === "transfer" || method === "virtual_account";
  const form = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(form);

  async function openPortOneWindow(form: HTMLFormElement) {
    setWindowError(null);
    setOpening(true);
    try {
      const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
      const started = await fetch(
        `/api/me/payments/${encodeURIComponent(props.paymentId)}/checkout`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...fields, intent: undefined }),
        },
      );
      const request = await started.json();
      if (!started.ok) {
        setWindowError(request.message ?? "결제를 시작하지 못했습니다.");
        return;
      }
      const PortOne = await import("@portone/browser-sdk/v2");
      const { test: _test, ...paymentRequest } = request;
      const answer = await PortOne.requestPayment(paymentRequest);
      if (answer?.code !== undefined) {
        setWindowError(answer.message ?? "결제가 완료되지 않았습니다.");
        return;
      }
      await fetch(`/api/me/payments/${encodeURIComponent(props.paymentId)}/complete`, {
        method: "POST",
      });
      // A whole new page: what the server now says of the payment (and no extra hook in the
      // shared framework chunk that every page downloads).
      window.location.reload();
    } catch {
      setWindowError("결제 창을 열지 못했습니다. 잠시 후 다시 시도해주세요.");
    } finally {
      setOpening(false);
    }
  }

  return (
    <Form
      ref={form}
      method="post"
      className="grid gap-5"
      onSubmit={(event) => {
        if (props.test) return;
        event.preventDefault();
        void openPortOneWindow(event.currentTarget);
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">결제 수단</legend>
        {methods.map((name) => (
          <label
            key={name}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="method"
              value={name}
              className={radio}
              checked={method === name}
              onChange={() => setMethod(name)}
            />
            <span className="text-base text-slate-900">{PAY_METHOD_LABELS[name]}</span>
          </label>
        ))}
        <FieldError id="method-error" message={fieldMessage(refusal, "method")} />
      </fieldset>

      {method === "easy_pay" ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">간편결제 서비스</legend>
          <div className="flex flex-wrap gap-2">
            {props.easyPays.map((name, index) => (
              <label
                key={name}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="easyPay"
                  value={name}
                  className={radio}
                  defaultChecked={index === 0}
                />
                <span className="text-base">{EASY_PAY_LABELS[name]}</span>
              </label>
            ))}
          </div>
          <FieldError id="easyPay-error" message={fieldMessage(refusal, "easyPay")} />
        </fieldset>
      ) : null}

      {byAccount ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">현금영수증</legend>
          <div className="flex flex-wrap gap-2">
            {["none", ...CASH_RECEIPT_TYPES].map((type) => (
              <label
                key={type}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="cashReceiptType"
                  value={type}
                  className={radio}
                  checked={receipt === type}
                  onChange={() => setReceipt(type)}
                />
                <span className="text-base">{type === "none" ? "발급 안 함" : type}</span>
              </label>
            ))}
          </div>
          {receipt !== "none" ? (
            <div className="grid gap-1.5">
              <Label htmlFor="cashReceiptIdentifier" required>
                {receipt === "소득공제" ? "휴대전화 번호" : "사업자등록번호"}
              </Label>
              <input
                // A new field for each kind: a phone number is no 사업자등록번호.
                key={receipt}
                id="cashReceiptIdentifier"
                name="cashReceiptIdentifier"
                inputMode="numeric"
                autoComplete={receipt === "소득공제" ? "tel" : "off"}
                maxLength={20}
                placeholder={receipt === "소득공제" ? "010-1234-5678" : "123-45-67890"}
                defaultValue={
                  submittedValue(refusal, "cashReceiptIdentifier") ??
                  (receipt === "소득공제" ? props.phone : undefined)
                }
                aria-invalid={fieldMessage(refusal, "cashReceiptIdentifier") ? true : undefined}
                aria-describedby={
                  fieldMessage(refusal, "cashReceiptIdentifier")
                    ? "cashReceiptIdentifier-error"
                    : undefined
                }
                className={inputClass}
              />
              <FieldError
                id="cashReceiptIdentifier-error"
                message={fieldMessage(refusal, "cashReceiptIdentifier")}
              />
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {windowError ? (
        <p
          role="alert"
          className="rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800"
        >
          {windowError}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Button
          type="submit"
          name="intent"
          value="pay"
          size="lg"
          className="w-full"
          disabled={busy}
        >
          {busy
            ? "결제 진행 중..."
            : method === "virtual_account"
              ? "가상계좌 발급받기"
              : `${formatNumber(props.amount)}원 결제하기`}
        </Button>
        {props.test ? (
          <Button
            type="submit"
            name="intent"
            value="fail"
            variant="secondary"
            className="w-full"
            disabled={busy}
            formNoValidate
          >
            결제 실패 시험하기 (테스트)
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

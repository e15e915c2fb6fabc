// The library's file helpers: the Content-Disposition value for Korean names (RFC 6266 with the
// RFC 5987 encoding), sizes in Korean units, and the saved name's extension following the type.
import { describe, expect, it } from "vitest";
import { downloadName, formatFileSize, typeLabel } from "~/features/uploads/document-types";
import { asciiFallback, attachmentDisposition, encodeRfc5987 } from "~/lib/content-disposition";

describe("attachmentDisposition", () => {
  it("gives an ASCII fallback and the UTF-8 name percent-encoded", () => {
    expect(attachmentDisposition("회칙 개정안(최종).hwp")).toBe(
      `attachment; filename="download.hwp"; filename*=UTF-8''%ED%9A%8C%EC%B9%99%20%EA%B0%9C%EC%A0%95%EC%95%88%28%EC%B5%9C%EC%A2%85%29.hwp`,
    );
    expect(attachmentDisposition("slides.pdf")).toBe(
      `attachment; filename="slides.pdf"; filename*=UTF-8''slides.pdf`,
    );
  });

  it("never lets a quote, backslash or semicolon break the header", () => {
    expect(asciiFallback('a"b\\c;d.pdf')).toBe("a_b_c_d.pdf");
    expect(encodeRfc5987("it's (1)*.pdf")).toBe("it%27s%20%281%29%2A.pdf");
    expect(asciiFallback("자료.pdf")).toBe("download.pdf");
  });
});

describe("file sizes and names", () => {
  it("writes sizes in Korean units", () => {
    expect(formatFileSize(512)).toBe("512바이트");
    expect(formatFileSize(1536)).toBe("1.5KB");
    expect(formatFileSize(50 * 1024 * 1024)).toBe("50MB");
    expect(formatFileSize(12.34 * 1024 * 1024)).toBe("12.3MB");
    expect(formatFileSize(150 * 1024)).toBe("150KB");
  });

  it("keeps a name whose extension matches and adds the real one otherwise", () => {
    expect(downloadName("발표 자료.PDF", "application/pdf")).toBe("발표 자료.PDF");
    expect(downloadName("setup.exe", "application/pdf")).toBe("setup.exe.pdf");
    expect(downloadName("C:\\Users\\me\\양식.hwp", "application/x-hwp")).toBe("양식.hwp");
    expect(downloadName("", "application/zip")).toBe("자료.zip");
    expect(typeLabel("application/hwp+zip")).toBe("한글(HWPX)");
    expect(typeLabel("application/x-unknown")).toBe("파일");
  });
});

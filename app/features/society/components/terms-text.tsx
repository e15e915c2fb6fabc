// The 이용약관 as the office wrote it: plain text, one block per article (blank lines between),
// an article's first line ("제1조 (목적)", "부칙") as its heading. Plain text, not HTML, so there
// is nothing to sanitise and the office's textarea is the whole editor.
const HEADING = /^(제\s*\d+\s*조|부\s*칙)/;

export function TermsText({ body }: { body: string }) {
  const blocks = body
    .split(/\n\s*\n/)
    .map((block) => block.split("\n").map((line) => line.trim()))
    .map((lines) => lines.filter(Boolean))
    .filter((lines) => lines.length > 0);
  return (
    <div className="space-y-7 text-base leading-7 text-slate-700">
      {blocks.map((lines, index) => {
        const [first, ...rest] = lines;
        const heading = HEADING.test(first ?? "");
        const paragraphs = heading ? rest : lines;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are the text's, in order
          <section key={index}>
            {heading ? <h2 className="text-lg font-bold text-slate-900">{first}</h2> : null}
            <div className={heading ? "mt-2 space-y-1.5" : "space-y-1.5"}>
              {paragraphs.map((line, lineIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of one block, in order
                <p key={lineIndex}>{line}</p>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

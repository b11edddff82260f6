/**
 * Where a short number (a CVC) is hidden: a number of three or four digits is also an id, a
 * count, an invoice's suffix (`inv-987`), so where it stands alone says little. It is hidden:
 * - in errors, logs and printed text (`text`): wherever it stands alone, as any short secret, and
 *   wherever a label names it, even one written against it (`cvc987`, `CVV: 987`, `code987`,
 *   `security code is 987`);
 * - in what a journal keeps and replays (`stored`): only where it is labelled so, a whole value
 *   (the field's whole text, or a quoted string inside one), right after another secret (the
 *   card: `4111… / 737`, secret-scan.ts) or after a masked card's last four (`**** 4242 987`):
 *   `inv-987` replays as it came.
 */
export function shortNumberForms(
  plain: string,
  spaced: string,
  hexForms: string,
  standsAlone: string,
): { body: string; stored: string } {
  const number = `${NOT_IN_NUMBER_BEFORE}(?:${plain})${NOT_IN_NUMBER_AFTER}`;
  // After a label no number can come first (a mark is no digit): the digit before is the
  // label's own (`CVV2:987`), never an amount's (`1.987`).
  const labelled = `(?:${LABELLED_BEFORE}|${AFTER_MASKED_CARD})(?:${spaced})${NOT_IN_NUMBER_AFTER}`;
  return {
    // The number first, in a lookahead: the label's long lookbehind runs only where it is.
    body: `(?:${standsAlone}${hexForms}|(?=${spaced})(?:${standsAlone}${number}|${labelled}))${NOT_AFTER}`,
    stored: `(?=${spaced})(?:${labelled}${NOT_AFTER}|${QUOTE_BEFORE}(?:${plain})${QUOTE_AFTER})|^\\s*(?:${plain})\\s*$`,
  };
}

/**
 * What joins the parts of a number (`1,987`, `987.00`, `05:12:48.987`), in any script's digits:
 * full-width `１，９８７．００`, Arabic `٩٨٧٫٠٠` and `١٬٩٨٧`.
 */
const NUMBER_JOINER = '[.,:\\uff0e\\uff0c\\uff1a\\u066b\\u066c]';
/** A short number inside a larger one is not it: not after a number's part, nor before one. */
export const NOT_IN_NUMBER_BEFORE = `(?<!\\p{Nd}${NUMBER_JOINER})`;
export const NOT_IN_NUMBER_AFTER = `(?!${NUMBER_JOINER}\\p{Nd})`;

/** Not followed by a letter or digit: `9871` and `987abc` are other things. */
const NOT_AFTER = '(?![\\p{L}\\p{N}])';

/**
 * The names a card's verification code goes by (the pattern is case-insensitive), `code` in other
 * languages too (`セキュリティコード`, `安全码`, `보안코드`, `CVC-код`, `güvenlik kodu`); but not
 * 号码 or 页码, 'number' and 'page number' (`订单号码 987` is an order's, as `order number 987`).
 */
const LABEL = `(?:cvc2?|cvv2?|cvd|cvn|csc|cid|cav2?|code|codice|c[oó]digo|cryptogramme|pr[uü]f(?:ziffer|nummer|zahl)|(?:security|verification|card)[\\s_-]?(?:code|value|number)|(?:de|di) (?:seguridad|seguran[cç]a|sicurezza|s[eé]curit[eé])|visuel|код|kodu?|コード|(?<![号號页頁])[码碼]|코드|رمز|कोड|קוד|κωδικ[οόύ]?[ςυ]?|รหัส|mã)`;

/** A masked card's last four before it (`**** 4242 987`, `•••• 4242 / 987`): the card's CVC. */
const AFTER_MASKED_CARD =
  '(?<=(?:[*•x]{2}|&#42;&#42;|%2a%2a)[*•x\\s.-]*\\p{Nd}{4}[\\s/,;:|.-]{1,4})';

/** What may stand between a label and the number: a mark, plain or escaped (`%3A`, `\u0022`). */
const MARK =
  '(?:[^\\p{L}\\p{N}\\\\%&]|%(?:25)?[0-9a-f]{2}|\\\\x[0-9a-f]{2}|\\\\u[0-9a-f]{4}|\\\\[nrt"\']|&#x?[0-9a-f]{1,6};|&[a-z]{2,6};)';

/**
 * A word that may come between them too: `CVC code: 987`, `cvv is 987`, `CVC no. 987`, `CVC (3
 * digits): 987`, `код безопасности 987`, `kod zabezpieczający 987`, `رمز الأمان 987`.
 */
const FILLER =
  '(?:code|number|num|no|nr|is|was|value|of|безопасности|zabezpieczaj[aą]cy|الأمان|التحقق|אבטחה|ασφαλείας|ความปลอดภัย|bảo mật|[34][\\s-]?digits?)';

/** Preceded by a label, attached (`cvc987`) or apart by marks and up to two filler words. */
const LABELLED_BEFORE = `(?<=${LABEL}(?:${MARK}{0,4}${FILLER}){0,2}${MARK}{0,4})`;

/** A quote, plain or escaped: a string value inside JSON, HTML or a query held as text. */
const QUOTE_BEFORE = '(?<=["\']|&quot;|&#34;|&#x22;|%22|\\\\u0022)';
const QUOTE_AFTER = '(?=\\\\?["\']|&quot;|&#34;|&#x22;|%22|\\\\u0022)';

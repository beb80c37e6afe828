import { sandboxTestCards } from '@almoner/contracts';

const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The sandbox's hosted card fields: a page of its own, shown in an iframe by the CardFields
 * component. No inline script or style, so it runs under a strict Content Security Policy.
 */
export function cardFieldsPage(): string {
  const cards = sandboxTestCards.map((c) => `<li><code>${grouped(c.number)}</code> ${c.description}</li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<link rel="stylesheet" href="/sandbox-gateway/card-fields.css">
<script src="/sandbox-gateway/card-fields.js" defer></script>
</head>
<body>
<form id="card-form" novalidate autocomplete="on">
  <div class="field">
    <label for="number">Card number</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" aria-describedby="number-error" spellcheck="false">
    <p class="error" id="number-error"></p>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry">Expiry (MM / YY)</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" aria-describedby="expiry-error">
      <p class="error" id="expiry-error"></p>
    </div>
    <div class="field">
      <label for="cvc">Security code</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" aria-describedby="cvc-error">
      <p class="error" id="cvc-error"></p>
    </div>
  </div>
  <details class="sandbox">
    <summary>Sandbox gateway: no real card is charged</summary>
    <p>Use any future expiry date and any security code with these test cards:</p>
    <ul>${cards}</ul>
  </details>
</form>
</body>
</html>
`;
}

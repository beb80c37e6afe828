import type { BrowserContext } from 'playwright-core';

/**
 * A small stand-in for Stripe.js, served to the browser at the address `loadStripe` asks for
 * (https://js.stripe.com/…/stripe.js) by the test's own request routing: nothing in Almoner
 * knows about it, and no setting can turn it on. Like Stripe's, its card fields live in a frame
 * of Stripe's origin, which sends the card to Stripe's API (here, the suite's Stripe stand-in)
 * and hands the page only the PaymentMethod. `handleNextAction` shows the bank's challenge as
 * Stripe's test page does (Complete or Fail authentication).
 */
const STRIPE_JS = `(function () {
  var ORIGIN = 'https://js.stripe.com';
  function Element(type) { this.type = type; this.handlers = {}; this.frame = null; }
  Element.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    var frame = document.createElement('iframe');
    frame.src = ORIGIN + '/stand-in/card-frame.html';
    frame.title = 'Secure card payment input frame';
    frame.setAttribute('style', 'border:0;width:100%;height:44px;display:block');
    var self = this;
    frame.addEventListener('load', function () { self.emit('ready', { elementType: self.type }); });
    node.appendChild(frame);
    this.frame = frame;
  };
  Element.prototype.on = function (event, handler) { (this.handlers[event] = this.handlers[event] || []).push(handler); return this; };
  Element.prototype.off = function (event, handler) { var list = this.handlers[event] || []; var i = list.indexOf(handler); if (i >= 0) list.splice(i, 1); return this; };
  Element.prototype.emit = function (event, payload) { (this.handlers[event] || []).slice().forEach(function (h) { h(payload); }); };
  Element.prototype.update = function () {};
  Element.prototype.focus = function () { if (this.frame) this.frame.focus(); };
  Element.prototype.blur = function () {};
  Element.prototype.clear = function () {};
  Element.prototype.destroy = function () { if (this.frame && this.frame.parentNode) this.frame.parentNode.removeChild(this.frame); this.frame = null; this.destroyed = true; };
  Element.prototype.unmount = Element.prototype.destroy;
  function ask(frame, message) {
    return new Promise(function (resolve) {
      var id = String(Math.random());
      function answer(event) {
        if (event.origin !== ORIGIN || !event.data || event.data.id !== id) return;
        window.removeEventListener('message', answer);
        resolve(event.data.result);
      }
      window.addEventListener('message', answer);
      message.id = id;
      frame.contentWindow.postMessage(message, ORIGIN);
    });
  }
  // The bank's challenge (3-D Secure) for a PaymentIntent or SetupIntent, by its client secret, as
  // Stripe's own test page offers it: Complete or Fail. Stripe's API (the stand-in) is told which,
  // and the answer is Stripe.js's: the intent, or the error with it.
  function challenge(key, clientSecret) {
    var id = String(clientSecret || '').split('_secret_')[0];
    var setup = id.indexOf('seti_') === 0;
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', '3D Secure 2 Test Page');
      overlay.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center');
      var box = document.createElement('div');
      box.setAttribute('style', 'background:#fff;padding:24px;font:14px sans-serif;display:flex;flex-direction:column;gap:12px');
      box.appendChild(document.createTextNode('This is a test 3D Secure 2 authentication for a transaction.'));
      ['complete', 'fail'].forEach(function (outcome) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = outcome === 'complete' ? 'Complete authentication' : 'Fail authentication';
        button.addEventListener('click', async function () {
          overlay.parentNode.removeChild(overlay);
          var body = new URLSearchParams({ key: key, client_secret: clientSecret, outcome: outcome });
          var response = await fetch('https://api.stripe.com/v1/' + (setup ? 'setup' : 'payment') + '_intents/' + id + '/authenticate_as_donor', { method: 'POST', body: body });
          var intent = await response.json();
          if (!response.ok) return resolve({ error: intent.error });
          var failure = setup ? intent.last_setup_error : intent.last_payment_error;
          var result = {};
          if (outcome === 'complete') result[setup ? 'setupIntent' : 'paymentIntent'] = intent;
          else { result.error = Object.assign({}, failure); result.error[setup ? 'setup_intent' : 'payment_intent'] = intent; }
          resolve(result);
        });
        box.appendChild(button);
      });
      overlay.appendChild(box);
      document.body.appendChild(overlay);
    });
  }
  // A US bank account given to createPaymentMethod (as Stripe.js takes one entered by hand): sent
  // from the browser to Stripe's API with the publishable key; the page gets the PaymentMethod or Stripe's error.
  function createBankMethod(key, options) {
    var bank = options.us_bank_account || {};
    var body = new URLSearchParams({
      type: 'us_bank_account',
      'us_bank_account[routing_number]': bank.routing_number || '',
      'us_bank_account[account_number]': bank.account_number || '',
      'us_bank_account[account_holder_type]': bank.account_holder_type || 'individual',
      'us_bank_account[account_type]': bank.account_type || 'checking',
      'billing_details[name]': (options.billing_details && options.billing_details.name) || '',
      key: key,
    });
    return fetch('https://api.stripe.com/v1/payment_methods', { method: 'POST', body: body }).then(
      function (response) { return response.json().then(function (json) { return response.ok ? { paymentMethod: json } : { error: json.error }; }); },
      function () { return { error: { message: 'Stripe could not be reached.' } }; },
    );
  }
  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    var created = [];
    this.elements = function () {
      return {
        create: function (type) { var element = new Element(type); created.push(element); return element; },
        getElement: function (type) {
          var kind = typeof type === 'string' ? type : (type && type.__elementType) || 'card';
          for (var i = created.length - 1; i >= 0; i--) if (created[i].type === kind && !created[i].destroyed) return created[i];
          return null;
        },
        update: function () {},
      };
    };
    this.createPaymentMethod = function (options) {
      if (options && options.type === 'us_bank_account') return createBankMethod(key, options);
      var card = options && options.card;
      if (!card || !card.frame) return Promise.resolve({ error: { type: 'validation_error', message: 'The card element is not mounted.' } });
      return ask(card.frame, { action: 'createPaymentMethod', key: key });
    };
    this.createToken = function () { return Promise.resolve({ error: { message: 'Not in the stand-in.' } }); };
    this.confirmCardPayment = function () { return Promise.resolve({ error: { message: 'Not in the stand-in.' } }); };
    this.handleNextAction = function (options) { return challenge(key, options && options.clientSecret); };
    this._registerWrapper = function () {};
    this.registerAppInfo = function () {};
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** The card frame: labelled inputs; the card goes from here to Stripe's API, never to the page. */
const CARD_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title></head>
<body style="margin:0;font:14px sans-serif;display:flex;gap:6px">
<label>Card number <input id="number" autocomplete="cc-number" inputmode="numeric" size="20"></label>
<label>MM / YY <input id="expiry" autocomplete="cc-exp" size="6"></label>
<label>CVC <input id="cvc" autocomplete="cc-csc" size="4"></label>
<script>
window.addEventListener('message', async function (event) {
  if (!event.data || event.data.action !== 'createPaymentMethod') return;
  var expiry = document.getElementById('expiry').value.split('/');
  var body = new URLSearchParams({
    type: 'card',
    'card[number]': document.getElementById('number').value.replace(/\\s/g, ''),
    'card[exp_month]': (expiry[0] || '').trim(),
    'card[exp_year]': '20' + (expiry[1] || '').trim(),
    'card[cvc]': document.getElementById('cvc').value,
    key: event.data.key,
  });
  var result;
  try {
    var response = await fetch('https://api.stripe.com/v1/payment_methods', { method: 'POST', body: body });
    var json = await response.json();
    result = response.ok ? { paymentMethod: json } : { error: json.error };
  } catch (e) {
    result = { error: { message: 'Stripe could not be reached.' } };
  }
  event.source.postMessage({ id: event.data.id, result: result }, event.origin);
});
</script></body></html>`;

/**
 * Serves the stand-in Stripe.js and its card frame at Stripe's own addresses, and passes the
 * browser's calls to Stripe's API on to the suite's Stripe stand-in (`apiUrl`).
 */
export async function serveStripeJs(context: BrowserContext, apiUrl: string): Promise<{ sentToStripe: string[] }> {
  const sentToStripe: string[] = [];
  await context.route('https://js.stripe.com/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/stand-in/card-frame.html') return route.fulfill({ status: 200, contentType: 'text/html', body: CARD_FRAME });
    if (path.endsWith('/stripe.js') || path === '/v3' || path === '/v3/') return route.fulfill({ status: 200, contentType: 'text/javascript', body: STRIPE_JS });
    return route.fulfill({ status: 404, body: '' });
  });
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const url = new URL(request.url());
    sentToStripe.push(request.postData() ?? '');
    const answer = await fetch(`${apiUrl}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData() ?? undefined,
    });
    return route.fulfill({ status: answer.status, headers: { ...cors, 'content-type': 'application/json' }, body: await answer.text() });
  });
  return { sentToStripe };
}

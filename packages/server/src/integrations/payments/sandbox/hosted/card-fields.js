// The sandbox gateway's hosted card fields. The page that embeds them (Almoner's CardFields
// component, same origin) asks for a token with postMessage; the card details go from here to
// the gateway's token endpoint and only the capture token goes back to the page.
(function () {
  'use strict';
  var TYPE = 'almoner-card-fields';
  var ENDPOINT = '/sandbox-gateway/v1/tokens';
  var form = document.getElementById('card-form');
  var fields = ['number', 'expiry', 'cvc'];
  var busy = false;

  function input(name) {
    return document.getElementById(name);
  }

  function tell(message) {
    message.type = TYPE;
    if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
  }

  function reportHeight() {
    tell({ action: 'resize', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  }

  function showErrors(errors) {
    var first = null;
    fields.forEach(function (name) {
      var text = errors && errors[name] ? errors[name][0] : '';
      document.getElementById(name + '-error').textContent = text;
      input(name).setAttribute('aria-invalid', text ? 'true' : 'false');
      if (text && !first) first = input(name);
    });
    reportHeight();
    return first;
  }

  // "4242424242424242" → "4242 4242 4242 4242"; "1230" → "12 / 30".
  input('number').addEventListener('input', function (event) {
    var digits = event.target.value.replace(/\D/g, '').slice(0, 19);
    event.target.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  });
  input('expiry').addEventListener('input', function (event) {
    var digits = event.target.value.replace(/\D/g, '').slice(0, 6);
    event.target.value = digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
  });
  input('cvc').addEventListener('input', function (event) {
    event.target.value = event.target.value.replace(/\D/g, '').slice(0, 4);
  });
  fields.forEach(function (name) {
    input(name).addEventListener('input', function () {
      document.getElementById(name + '-error').textContent = '';
      input(name).setAttribute('aria-invalid', 'false');
    });
  });

  // Enter in a field asks the embedding page to go ahead (it decides what "submit" means). A
  // form of several fields and no button is never submitted by Enter, so listen for the key.
  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });
  form.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter' || event.target.tagName !== 'INPUT') return;
    event.preventDefault();
    tell({ action: 'submit' });
  });

  function tokenize(id) {
    if (busy) return;
    busy = true;
    var body = { number: input('number').value, expiry: input('expiry').value, cvc: input('cvc').value };
    fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (response.ok) {
            showErrors({});
            tell({ action: 'token', id: id, token: answer.token, card: answer.card });
            return;
          }
          var first = showErrors(answer.errors || {});
          if (first) first.focus();
          tell({ action: 'error', id: id, message: answer.message, errors: answer.errors || {} });
        });
      })
      .catch(function () {
        tell({ action: 'error', id: id, message: 'The card could not be checked. Try again.', errors: {} });
      })
      .then(function () {
        busy = false;
      });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.type !== TYPE) return;
    if (data.action === 'tokenize') tokenize(data.id);
    if (data.action === 'focus') input('number').focus();
  });

  if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
  document.querySelector('details').addEventListener('toggle', reportHeight);
  tell({ action: 'ready', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
})();

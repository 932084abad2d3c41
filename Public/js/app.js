// Small enhancements; every page works without them.
(function () {
  "use strict";

  function cents(text) {
    // Mirrors Money(parsing:) in AllowanceCore: at most two decimals, no rounding.
    var match = /^\s*\$?(\d{0,12})(?:\.(\d{0,2}))?\s*$/.exec(text || "");
    if (!match || (match[1] === "" && (match[2] === undefined || match[2] === ""))) return null;
    return parseInt(match[1] || "0", 10) * 100 + parseInt(((match[2] || "") + "00").slice(0, 2), 10);
  }

  function format(c) {
    var sign = c < 0 ? "-" : "";
    c = Math.abs(c);
    var dollars = Math.floor(c / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return sign + "$" + dollars + "." + ("0" + (c % 100)).slice(-2);
  }

  // Live "current balance → new balance" preview on the new-transaction form (4.4).
  document.querySelectorAll("form[data-balance-preview]").forEach(function (form) {
    var preview = form.querySelector("#balance-preview");
    function update() {
      var option = form.childId.options[form.childId.selectedIndex];
      var amount = cents(form.amount.value);
      if (!option || amount === null || amount === 0) { preview.hidden = true; return; }
      var current = parseInt(option.getAttribute("data-balance-cents"), 10);
      var out = form.querySelector("#type-out").checked;
      var next = out ? current - amount : current + amount;
      preview.hidden = false;
      // Short of money, the preview says what the server will answer (LedgerService).
      preview.textContent = "Current balance " + format(current) + " → New balance " + format(next) +
        (next < 0 ? ". Insufficient balance: " + option.getAttribute("data-first-name") + " has " + format(current) : "");
      preview.classList.toggle("negative", next < 0);
    }
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    update();
  });

  // Password strength meter (1.2). Mirrors PasswordStrength in AllowanceCore.
  document.querySelectorAll("input[data-strength-meter]").forEach(function (input) {
    var bar = document.getElementById("strength-bar");
    var text = document.getElementById("strength-text");
    input.addEventListener("input", function () {
      var p = input.value, score = 0;
      if (p.length >= 8) score++;
      if (/[A-Z]/.test(p)) score++;
      if (/[0-9]/.test(p)) score++;
      if (/[^A-Za-z0-9]/.test(p)) score++;
      var level = p.length === 0 ? "" : score <= 1 ? "weak" : score <= 3 ? "medium" : "strong";
      bar.className = "strength-bar " + level;
      // Too short, it says what the server will answer (AccountValidation).
      text.textContent = level ? "Password strength: " + level.charAt(0).toUpperCase() + level.slice(1) +
        (p.length < 6 ? ". Password must be at least 6 characters" : "") : "At least 6 characters.";
    });
  });

  // Suggest the browser's own time zone on sign-up when it is in the list.
  document.querySelectorAll("select[data-detect-zone]").forEach(function (select) {
    try {
      var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (select.dataset.touched !== "1" && Array.prototype.some.call(select.options, function (o) { return o.value === zone; })) select.value = zone;
    } catch (e) { /* keep the default */ }
  });

  // Ask before destructive one-click actions (the server acts on the form alone without JS).
  document.querySelectorAll("[data-confirm]").forEach(function (button) {
    button.addEventListener("click", function (event) {
      if (!window.confirm(button.getAttribute("data-confirm"))) event.preventDefault();
    });
  });

  // Show only the schedule fields the chosen pattern uses.
  document.querySelectorAll("form[data-recurrence-form]").forEach(function (form) {
    function update() {
      form.querySelectorAll("[data-when-pattern]").forEach(function (field) {
        var show = field.getAttribute("data-when-pattern").split(" ").indexOf(form.pattern.value) >= 0;
        field.hidden = !show;
      });
    }
    form.pattern.addEventListener("change", update);
    update();
  });

  // Changing the child on the transactions page shows that child's list at once.
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });

  // "Passwords do not match" as the second password is typed, in the server's words.
  document.querySelectorAll("input[data-must-match]").forEach(function (confirm) {
    var first = document.getElementById(confirm.getAttribute("data-must-match"));
    var note = document.getElementById(confirm.id + "-match");
    if (!first || !note) return;
    function update() {
      note.textContent = confirm.value && first.value !== confirm.value ? "Passwords do not match" : "";
    }
    confirm.addEventListener("input", update);
    first.addEventListener("input", update);
  });

  // Show or hide a password: a button after every password field. Its name says which field
  // ("Show new password"); the field keeps its own label.
  document.querySelectorAll("input[type=password]").forEach(function (input) {
    var label = input.labels && input.labels[0] ? input.labels[0].textContent.trim().toLowerCase() : "password";
    var wrap = document.createElement("div");
    wrap.className = "password-field";
    input.parentNode.insertBefore(wrap, input);
    wrap.appendChild(input);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button small secondary password-toggle";
    button.setAttribute("aria-controls", input.id);
    var word = document.createElement("span");
    var hidden = document.createElement("span");
    hidden.className = "visually-hidden";
    hidden.textContent = " " + label;
    button.appendChild(word);
    button.appendChild(hidden);
    function show(visible) {
      input.type = visible ? "text" : "password";
      word.textContent = visible ? "Hide" : "Show";
    }
    show(false);
    button.addEventListener("click", function () { show(input.type === "password"); });
    wrap.appendChild(button);
    // A password is never sent, or kept by the browser, as plain text.
    if (input.form) input.form.addEventListener("submit", function () { show(false); });
  });

  // A form's button shows it is working, and a second press sends nothing more. The button is
  // disabled after the browser has read the form (a disabled button's value is not sent).
  document.querySelectorAll("form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) return;
      if (form.getAttribute("data-busy") === "1") { event.preventDefault(); return; }
      form.setAttribute("data-busy", "1");
      var button = event.submitter || form.querySelector("button[type=submit], button:not([type])");
      if (!button) return;
      button.setAttribute("aria-busy", "true");
      setTimeout(function () { button.disabled = true; }, 0);
    });
  });
  // Coming back to a page kept in the browser's memory, its buttons work again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("form[data-busy]").forEach(function (form) { form.removeAttribute("data-busy"); });
    document.querySelectorAll("button[aria-busy]").forEach(function (button) {
      button.removeAttribute("aria-busy");
      button.disabled = false;
    });
    document.querySelectorAll("main[aria-busy]").forEach(function (main) { main.removeAttribute("aria-busy"); });
  });

  // An error banner can be put away; the focus goes to the form it was about.
  document.querySelectorAll(".error-banner").forEach(function (banner) {
    var text = document.createElement("span");
    text.className = "banner-text";
    while (banner.firstChild) text.appendChild(banner.firstChild);
    banner.appendChild(text);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "dismiss";
    button.setAttribute("aria-label", "Dismiss");
    button.innerHTML = '<svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24"><path fill="currentColor" d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z"/></svg>';
    button.addEventListener("click", function () {
      var scope = banner.closest("section, .card") || document.getElementById("main");
      var next = scope.querySelector("input:not([type=hidden]), select, textarea");
      banner.remove();
      if (next) next.focus(); else document.getElementById("main").focus();
    });
    banner.appendChild(button);
  });

  // Refresh on a dashboard: it says it is reading again until the page comes back.
  document.querySelectorAll("a[data-refresh]").forEach(function (link) {
    link.addEventListener("click", function () {
      link.textContent = "Refreshing…";
      link.setAttribute("aria-busy", "true");
      var main = document.getElementById("main");
      if (main) main.setAttribute("aria-busy", "true");
    });
  });
})();

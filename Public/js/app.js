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
      preview.textContent = "Current balance " + format(current) + " → New balance " + format(next) + (next < 0 ? " (not enough money)" : "");
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
      text.textContent = level ? "Password strength: " + level.charAt(0).toUpperCase() + level.slice(1) : "At least 6 characters.";
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
})();

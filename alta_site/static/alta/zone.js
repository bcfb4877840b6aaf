// The sign-up form's hidden time zone: the browser's own (IANA name), so
// that a new account's deadlines are written in the player's zone at once.
(function () {
  var field = document.querySelector('input[name="time_zone"]');
  if (!field || field.value) return;
  try {
    field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (e) {
    // An old browser: the server goes by the language.
  }
})();

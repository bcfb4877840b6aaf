// A signed-out reader's pages show times in their browser's zone: the zone
// goes to the server in a cookie (``accounts.middleware.visitor_zone``),
// read from the next page on; a signed-in player's own setting wins.
(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    var told = document.cookie.match(/(?:^|; )alta_zone=([^;]*)/);
    if (told && told[1] === zone) return;
    // A zone name ("America/New_York") needs no escaping in a cookie.
    document.cookie = "alta_zone=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
  } catch (e) {
    // An old browser: the server goes by the page's language.
  }
})();

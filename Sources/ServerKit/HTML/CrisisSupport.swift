/// Where a person in crisis can reach someone now: the same helplines on every app's support page,
/// which no paywall or onboarding ever stands in front of.
public enum CrisisSupport {
  /// The helplines, as a list.
  public static let helplines: HTML = """
    <ul class="support-list" role="list">
    <li><strong>Emergency:</strong> call your local emergency number (911 in the US, 999 in the UK, 112 in the EU).</li>
    <li><strong>United States:</strong> call or text <a href="tel:988">988</a>, the Suicide &amp; Crisis Lifeline, any time.</li>
    <li><strong>United Kingdom and Ireland:</strong> call Samaritans free on <a href="tel:116123">116 123</a>, day or night.</li>
    <li><strong>Elsewhere:</strong> <a href="https://findahelpline.com" target="_blank" rel="noopener">findahelpline.com</a> lists free, confidential helplines by country.</li>
    </ul>
    """

  /// The opening words every support page shares.
  public static let opening: HTML = """
    <h1>Need to talk to someone now?</h1>
    <p>You do not have to carry this alone. If you are in danger or thinking about ending your life, please reach out to a person right now.</p>
    """

  /// The quiet link to an app's support page.
  public static func link(_ path: String) -> HTML {
    "<p class=\"support-link\"><a href=\"\(path)\">Need to talk to someone now?</a></p>"
  }
}

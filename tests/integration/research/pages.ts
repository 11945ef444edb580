/** Pages for the research fixture sites. */
export const RICH_PAGE = `<!doctype html>
<html lang="en">
<head>
  <title>Harbor Goods | Handmade ceramics for everyday tables</title>
  <meta name="description" content="Harbor Goods makes small-batch stoneware mugs, plates and bowls in Portland, shipped across the US.">
  <meta property="og:site_name" content="Harbor Goods">
  <script>window.secret = "<h1>not a heading</h1>";</script>
  <style>h1 { color: red }</style>
</head>
<body>
  <nav><a href="/">Home</a><a href="/shop">Shop</a></nav>
  <header><h1>Tableware that makes weeknight dinners feel special</h1></header>
  <section id="features">
    <h2>Fired twice for strength</h2>
    <p>Every piece is dishwasher and microwave safe.</p>
    <h2>Glazes mixed in our studio</h2>
    <p>Our glazes are lead-free and food safe.</p>
  </section>
  <section class="about-us">
    <h2>Our story</h2>
    <p>We are a two-person studio in Portland, Oregon. We throw every piece by hand and ship within five days.</p>
  </section>
  <section>
    <h2>Pricing</h2>
    <ul><li>Mugs from $28</li><li>Dinner sets from $180</li></ul>
  </section>
  <section>
    <h2>What customers say</h2>
    <blockquote>"The mugs keep coffee hot and look beautiful." Sam, Seattle</blockquote>
    <p>Trusted by 12,000 customers across the US.</p>
  </section>
  <section id="faq">
    <h2>Frequently asked questions</h2>
    <h3>Do you ship internationally?</h3>
    <p>Not yet.</p>
    <h3>Can I return a piece?</h3>
    <p>Yes: every order has a 30-day money-back guarantee.</p>
  </section>
  <p>Join our list and get 10% off your first order.</p>
  <footer><p>Footer text that should be ignored</p></footer>
</body>
</html>`;

export const EMPTY_PAGE = "<!doctype html><html><head></head><body></body></html>";

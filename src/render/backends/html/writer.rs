//! Turning untrusted text into HTML that can only ever show that text.
//!
//! Like [`crate::render::typeset::escape::TypstWriter`]: markup can only be added as a
//! `&'static str` from grognard's own source; every string read from a
//! source file goes in escaped, as text or as an attribute value.

/// HTML under construction.
#[derive(Default)]
pub struct HtmlWriter {
    out: String,
}

impl HtmlWriter {
    /// grognard's own markup: a literal in grognard's source, never a source string.
    pub fn tag(&mut self, markup: &'static str) -> &mut Self {
        self.out.push_str(markup);
        self
    }

    /// Text to show, escaped.
    pub fn text(&mut self, text: &str) -> &mut Self {
        escape_into(&mut self.out, text);
        self
    }

    /// An attribute's value, escaped (the quotes are the caller's markup).
    pub fn attr(&mut self, value: &str) -> &mut Self {
        escape_into(&mut self.out, value);
        self
    }

    /// An SVG image Typst drew: its text was escaped into Typst by
    /// grognard, and Typst writes glyphs, not source strings, as markup.
    pub fn typst_svg(&mut self, svg: &str) -> &mut Self {
        self.out.push_str(svg);
        self
    }

    /// What another writer wrote: HTML that is safe by the same rules.
    pub fn append(&mut self, other: &HtmlWriter) -> &mut Self {
        self.out.push_str(&other.out);
        self
    }

    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// Escapes the five characters HTML gives meaning to in text and in quoted
/// attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_text_never_becomes_markup() {
        let mut w = HtmlWriter::default();
        w.tag("<p title=\"")
            .attr("\" onmouseover=\"alert(1)")
            .tag("\">")
            .text("<script>alert('x')</script> & co")
            .tag("</p>");
        assert_eq!(
            w.finish(),
            "<p title=\"&quot; onmouseover=&quot;alert(1)\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co</p>"
        );
    }
}

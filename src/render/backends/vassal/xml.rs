//! A small XML writer for `buildFile.xml` and `moduledata`: elements with
//! attributes in the order given, text escaped, and piece definitions kept
//! on one line (VASSAL trims a `PieceSlot`'s text, other readers do not).

use std::fmt::Write;

/// One element and what it holds.
#[derive(Debug, Clone, Default)]
pub struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub children: Vec<Element>,
    pub text: Option<String>,
}

impl Element {
    pub fn new(name: &str) -> Self {
        Self {
            name: name.to_string(),
            ..Self::default()
        }
    }

    /// A VASSAL class's element: `VASSAL.build.` + `class`.
    pub fn vassal(class: &str) -> Self {
        Self::new(&format!("VASSAL.build.{class}"))
    }

    pub fn attr(mut self, key: &str, value: impl ToString) -> Self {
        self.attributes.push((key.to_string(), value.to_string()));
        self
    }

    pub fn child(mut self, child: Element) -> Self {
        self.children.push(child);
        self
    }

    pub fn children(mut self, children: impl IntoIterator<Item = Element>) -> Self {
        self.children.extend(children);
        self
    }

    pub fn text(mut self, text: impl ToString) -> Self {
        self.text = Some(text.to_string());
        self
    }

    /// The document: a declaration, then this element indented by depth.
    pub fn document(&self) -> String {
        let mut out =
            String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
        self.write(&mut out, 0);
        out
    }

    fn write(&self, out: &mut String, depth: usize) {
        let indent = "    ".repeat(depth);
        let _ = write!(out, "{indent}<{}", self.name);
        for (key, value) in &self.attributes {
            let _ = write!(out, " {key}=\"{}\"", escape(value, true));
        }
        match (&self.text, self.children.is_empty()) {
            (None, true) => out.push_str("/>\n"),
            (Some(text), true) => {
                let _ = writeln!(out, ">{}</{}>", escape(text, false), self.name);
            }
            (text, false) => {
                out.push_str(">\n");
                if let Some(text) = text {
                    let _ = writeln!(out, "{indent}    {}", escape(text, false));
                }
                for child in &self.children {
                    child.write(out, depth + 1);
                }
                let _ = writeln!(out, "{indent}</{}>", self.name);
            }
        }
    }
}

/// Text or an attribute value as XML data. Tabs and line breaks in an
/// attribute are written as references, so that no reader folds them.
pub fn escape(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\t' if attribute => out.push_str("&#9;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            // Characters XML 1.0 cannot hold at all.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_names_is_data() {
        let e = Element::new("a").attr("name", "<b>\"&\"").text("x < y\t&");
        assert_eq!(
            e.document().lines().nth(1).unwrap(),
            "<a name=\"&lt;b&gt;&quot;&amp;&quot;\">x &lt; y\t&amp;</a>"
        );
    }
}

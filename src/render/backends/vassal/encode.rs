//! VASSAL's piece definitions: the text of a `PieceSlot`, built the way
//! VASSAL's `SequenceEncoder` writes it (VASSAL 3.7,
//! `VASSAL/tools/SequenceEncoder.java`), so that names holding `/`, `;`,
//! `,` or a tab come back from VASSAL as they were written.

/// Joins `tokens` with `delimiter` as `SequenceEncoder` does: a delimiter
/// inside a token gets a backslash; a token that starts with a backslash,
/// or starts and ends with a quote, is quoted.
pub fn encode<S: AsRef<str>>(tokens: &[S], delimiter: char) -> String {
    let mut out = String::new();
    for (i, token) in tokens.iter().enumerate() {
        let token = token.as_ref();
        if i > 0 {
            out.push(delimiter);
        }
        let escaped = token.replace(delimiter, &format!("\\{delimiter}"));
        let quoted = token.starts_with('\\')
            || (token.len() > 1 && token.starts_with('\'') && token.ends_with('\''));
        if quoted {
            out.push('\'');
            out.push_str(&escaped);
            out.push('\'');
        } else {
            out.push_str(&escaped);
        }
    }
    out
}

/// Splits a value as `SequenceEncoder.Decoder` does.
pub fn decode(value: &str, delimiter: char) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut token = String::new();
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&delimiter) {
            token.push(delimiter);
            chars.next();
        } else if c == delimiter {
            tokens.push(unquote(std::mem::take(&mut token)));
        } else {
            token.push(c);
        }
    }
    tokens.push(unquote(token));
    tokens
}

fn unquote(token: String) -> String {
    if token.len() > 1 && token.starts_with('\'') && token.ends_with('\'') {
        token[1..token.len() - 1].to_string()
    } else {
        token
    }
}

/// A key VASSAL binds to a command: Ctrl+F is `70,130` (the key's code,
/// then Java's old and new Ctrl masks together).
pub const CTRL_F: &str = "70,130";

/// A two-sided counter as a VASSAL piece: its front as the piece's image,
/// its back as a layer that a menu command (Ctrl+F) shows, and properties
/// (side, formation) that inventories and filters read.
#[derive(Debug, Clone)]
pub struct Piece {
    pub name: String,
    pub front: String,
    pub back: Option<String>,
    /// The flip command as the menu shows it, in the ruleset's language.
    pub flip: String,
    pub properties: Vec<(String, String)>,
    pub gpid: u32,
}

impl Piece {
    /// Its traits outermost first, each as (type, state); the basic piece last.
    pub fn traits(&self) -> Vec<(String, String)> {
        let mut traits: Vec<(String, String)> = self
            .properties
            .iter()
            .map(|(key, value)| {
                (
                    format!("mark;{}", encode(&[key], ',')),
                    encode(&[value], ','),
                )
            })
            .collect();
        if let Some(back) = &self.back {
            traits.push((layer(&self.flip, back), "-1".to_string()));
        }
        let basic = encode(&["", "", &self.front, &self.name], ';');
        let gpid = self.gpid.to_string();
        traits.push((
            format!("piece;{basic}"),
            encode(&["null", "0", "0", &gpid, "0"], ';'),
        ));
        traits
    }

    /// The `PieceSlot` text: `+/null/TYPE/STATE`, each of TYPE and STATE the
    /// traits chained inside out (`Decorator.getType`), so that the k-th tab
    /// carries k backslashes.
    pub fn definition(&self) -> String {
        let traits = self.traits();
        let chain = |part: fn(&(String, String)) -> &String| {
            let mut iter = traits.iter().rev();
            let innermost = part(iter.next().expect("a piece has its basic trait")).clone();
            iter.fold(innermost, |inner, t| encode(&[part(t), &inner], '\t'))
        };
        let kind = chain(|t| &t.0);
        let state = chain(|t| &t.1);
        format!("+/{}", encode(&["null", &kind, &state], '/'))
    }
}

/// A Layer (`emb2`, `counters/Embellishment.java`) of one image, off until
/// its command: the counter's back. Its 33 fields in the order VASSAL 3.7
/// reads them.
fn layer(command: &str, image: &str) -> String {
    let name = "Back";
    let fields: [&str; 33] = [
        command,                // activateCommand
        "128",                  // activateModifiers (legacy)
        "F",                    // activateKey (legacy)
        "",                     // upCommand
        "128",                  // upModifiers
        "",                     // upKey
        "",                     // downCommand
        "128",                  // downModifiers
        "",                     // downKey
        "",                     // resetCommand
        "",                     // resetKey
        "1",                    // resetLevel
        "false",                // drawUnderneathWhenSelected
        "0",                    // xOff
        "0",                    // yOff
        &encode(&[image], ','), // images
        "",                     // level names
        "true",                 // loopLevels
        name,                   // name
        "",                     // rndKey
        "",                     // rndText
        "false",                // followProperty
        "",                     // propertyName
        "1",                    // firstLevelValue
        "1",                    // version
        "false",                // alwaysActive
        CTRL_F,                 // activateKeyStroke
        "",                     // increaseKeyStroke
        "",                     // decreaseKeyStroke
        command,                // description
        "1.0",                  // scale
        "",                     // onlyPropertyName
        "true",                 // onlyPropertyState
    ];
    format!("emb2;{}", encode(&fields, ';'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delimiters_inside_tokens_are_escaped_and_come_back() {
        let tokens = ["1st Inf / 2", "", "\\odd", "'quoted'", "a;b"];
        for delimiter in ['/', ';', ',', '\t'] {
            let encoded = encode(&tokens, delimiter);
            assert_eq!(decode(&encoded, delimiter), tokens, "{encoded}");
        }
        assert_eq!(encode(&["1st Inf / 2", "x"], '/'), "1st Inf \\/ 2/x");
    }

    /// The piece VASSAL's own encoder writes for a two-sided counter with
    /// two properties (checked byte for byte against VASSAL 3.7.26's
    /// SequenceEncoder on real modules).
    #[test]
    fn a_two_sided_piece_is_written_as_vassal_writes_it() {
        let piece = Piece {
            name: "1st Inf / 2".into(),
            front: "u1_front.png".into(),
            back: Some("u1_back.png".into()),
            flip: "Flip".into(),
            properties: vec![
                ("Side".into(), "Blue".into()),
                ("Formation".into(), "1 Corps".into()),
            ],
            gpid: 3,
        };
        let expected = "+/null/mark;Side\tmark;Formation\\\temb2;Flip;128;F;;128;;;128;;;;1;false;0;0;u1_back.png;;true;Back;;;false;;1;1;false;70,130;;;Flip;1.0;;true\\\\\tpiece;;;u1_front.png;1st Inf \\/ 2/Blue\t1 Corps\\\t-1\\\\\tnull;0;0;3;0";
        assert_eq!(piece.definition(), expected);
    }
}

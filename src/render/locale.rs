//! The few words the rulebook prints itself, per language, and number style.

pub struct Locale {
    pub contents: &'static str,
    pub chapter: &'static str,
    pub table: &'static str,
    pub table_lower: &'static str,
    pub example: &'static str,
    pub missing: &'static str,
    pub base: &'static str,
    pub roll: &'static str,
    pub sum: &'static str,
    pub result: &'static str,
    pub rounding_up: &'static str,
    pub rounding_down: &'static str,
    pub rounding_nearest: &'static str,
    pub minimum: &'static str,
    pub exclusive: &'static str,
    pub success: &'static str,
    pub failure_by: &'static str,
    pub or_more: &'static str,
    pub claimed: &'static str,
    pub chance: &'static str,
    pub worst: &'static str,
    pub best: &'static str,
    pub edition: &'static str,
    pub appendix: &'static str,
    pub decimal_comma: bool,
}

const ES: Locale = Locale {
    contents: "Índice",
    chapter: "Capítulo",
    table: "Tabla",
    table_lower: "tabla",
    example: "Ejemplo",
    missing: "Tabla no incluida en la fuente: el texto original remite a ella pero no la reproduce. Sus valores no se inventan.",
    base: "Base",
    roll: "Tirada",
    sum: "Suma",
    result: "Resultado",
    rounding_up: "redondeado hacia arriba",
    rounding_down: "redondeado hacia abajo",
    rounding_nearest: "redondeado al más próximo",
    minimum: "Mínimo",
    exclusive: "no acumulativos: se aplica el más penalizador",
    success: "Éxito",
    failure_by: "Fallo por",
    or_more: "o más",
    claimed: "según el texto",
    chance: "Probabilidad de éxito",
    worst: "peor caso",
    best: "mejor caso",
    edition: "Edición",
    appendix: "Tablas sin capítulo",
    decimal_comma: true,
};

const RU: Locale = Locale {
    contents: "Содержание",
    chapter: "Глава",
    table: "Таблица",
    table_lower: "таблица",
    example: "Пример",
    missing: "Таблица отсутствует в источнике: текст ссылается на неё, но не приводит её. Значения не придумываются.",
    base: "База",
    roll: "Бросок",
    sum: "Сумма",
    result: "Итог",
    rounding_up: "с округлением вверх",
    rounding_down: "с округлением вниз",
    rounding_nearest: "с округлением до ближайшего",
    minimum: "Минимум",
    exclusive: "не суммируются: применяется худший",
    success: "Успех",
    failure_by: "Провал на",
    or_more: "и более",
    claimed: "по тексту",
    chance: "Вероятность успеха",
    worst: "худший случай",
    best: "лучший случай",
    edition: "Издание",
    appendix: "Таблицы вне глав",
    decimal_comma: true,
};

const EN: Locale = Locale {
    contents: "Contents",
    chapter: "Chapter",
    table: "Table",
    table_lower: "table",
    example: "Example",
    missing: "Table not in the source: the original text refers to it but does not print it. Its values are not invented.",
    base: "Base",
    roll: "Roll",
    sum: "Sum",
    result: "Result",
    rounding_up: "rounded up",
    rounding_down: "rounded down",
    rounding_nearest: "rounded to nearest",
    minimum: "Minimum",
    exclusive: "not cumulative: only the most penalising applies",
    success: "Success",
    failure_by: "Failed by",
    or_more: "or more",
    claimed: "as the text says",
    chance: "Chance of success",
    worst: "worst case",
    best: "best case",
    edition: "Edition",
    appendix: "Tables outside chapters",
    decimal_comma: false,
};

impl Locale {
    pub fn for_language(language: &str) -> &'static Locale {
        match language {
            "es" => &ES,
            "ru" => &RU,
            _ => &EN,
        }
    }

    /// A decimal number as the language writes it: "2,1" in Spanish.
    pub fn decimal(&self, value: f64) -> String {
        let text = if value.fract() == 0.0 {
            format!("{}", value as i64)
        } else {
            format!("{value}")
        };
        let text = if self.decimal_comma {
            text.replace('.', ",")
        } else {
            text
        };
        text.replace('-', "−")
    }

    /// A chance as an exact fraction and a percentage: "5/12 (41,7 %)".
    pub fn chance_text(&self, p: crate::model::Ratio) -> String {
        let percent = self.decimal((p.as_f64() * 1000.0).round() / 10.0);
        format!("{p} ({percent} %)")
    }

    /// A modifier as printed in tables: "+1", "−2", "0".
    pub fn signed(&self, value: i64) -> String {
        match value {
            0 => "0".into(),
            v if v > 0 => format!("+{v}"),
            v => format!("−{}", -v),
        }
    }
}

# То, что grognard пишет сам по-русски: заголовки книг, буклетов, фишек, этикеток
# и отчётов. Синтаксис: Project Fluent (https://projectfluent.org).

day_number = день { $n }
night = ночь
contents = Содержание
chapter = Глава
table = Таблица
table_lower = таблица
example = Пример
missing = Таблица отсутствует в источнике: текст ссылается на неё, но не приводит её. Значения не придумываются.
base = База
roll = Бросок
sum = Сумма
result = Итог
rounding_up = с округлением вверх
rounding_down = с округлением вниз
rounding_nearest = с округлением до ближайшего
minimum = Минимум
exclusive = не суммируются: применяется худший
success = Успех
failure_by = Провал на
or_more = и более
claimed = по тексту
chance = Вероятность успеха
worst = худший случай
best = лучший случай
edition = Издание
appendix = Таблицы вне глав
introduction = Историческое введение
outcome = Итог
order_of_battle = Боевое расписание
setup = Расстановка
reinforcements = Подкрепления
victory = Условия победы
special_rules = Особые правила
errata = Опечатки
strengths = Силы сторон
arrivals = Прибытие сил на поле боя
turn = Ход
clock = Время
men = чел.
guns = орудий
units = частей
missing_data = Данные, которых нет в источнике
orders = Начальные приказы
command = Командование
duration = Продолжительность
not_engaged = не участвовала
present = на поле, в резерве
left_out = не участвовавшие части, не включённые в итоги
howitzer = гаубица
detached_from = выделена из
departs = уходит
other_figures = другие данные
nominal = номинально
attached_to = придана
estimate = оценка
sources = Источники
scenario = Сценарий
within = не далее
hexes_of = гексов от
entry = вход
order_change = Смена приказов: делитель
attempts = попыток за ход
radius = Радиус командования
reorganisation = База реорганизации
demoralisation = Порог деморализации
quick_reference = Памятка игрока
unit = Часть
grade = Качество
figures = фигуры
points = очки
men_or_guns = люди / орудия
represented = соответствует
order_markers = Маркеры приказов
parts_battalions = бат.
parts_squadrons = эск.
parts_companies = рот.
parts_batteries = батар.

# Числа и даты пишутся по правилам этого варианта языка (CLDR).
formats = ru

# Число и то, что оно считает, в нужной форме множественного числа.
count_men = { $count ->
    [one] { $number } человек
    [few] { $number } человека
    [many] { $number } человек
   *[other] { $number } человека
}

count_guns = { $count ->
    [one] { $number } орудие
    [few] { $number } орудия
    [many] { $number } орудий
   *[other] { $number } орудия
}

count_units = { $count ->
    [one] { $number } подразделение
    [few] { $number } подразделения
    [many] { $number } подразделений
   *[other] { $number } подразделения
}

count_figures = { $count ->
    [one] { $number } фигура
    [few] { $number } фигуры
    [many] { $number } фигур
   *[other] { $number } фигуры
}

count_points = { $count ->
    [one] { $number } очко
    [few] { $number } очка
    [many] { $number } очков
   *[other] { $number } очка
}

count_turns = { $count ->
    [one] { $number } ход
    [few] { $number } хода
    [many] { $number } ходов
   *[other] { $number } хода
}

count_minutes = { $count ->
    [one] { $number } минута
    [few] { $number } минуты
    [many] { $number } минут
   *[other] { $number } минуты
}

# Языки и пометка к тексту, которого нет на языке книги.
language_es = испанский
language_ru = русский
language_en = английский
only_in = Этот текст есть только на другом языке ({ $language }).

# Что конвертация не может перенести в правила назначения (список «missing»
# сконвертированного слоя, который печатает буклет).
conversion_no_turn_length = { $ruleset }: правила не задают длительность хода, ходы не заданы.
conversion_no_clock = Источники не дают времени: в сконвертированном слое нет ходов, и все подразделения присутствуют с начала.
conversion_no_quality = { $title }: у { $without } из { $total ->
    [one] { $total } подразделения
   *[other] { $total } подразделений
} нет качества в источниках, поэтому значение им не задаётся.
conversion_no_leader_ratings = Командиры: источники не дают их характеристик, поэтому они не конвертируются.
conversion_positions = Позиции: { $count ->
    [one] { $count } ссылка на гекс
    [few] { $count } ссылки на гексы
   *[other] { $count } ссылок на гексы
} в слое { $ruleset } (расстановка, зоны, гексы победы) не конвертируются: { $reason }
conversion_positions_no_scale = у его карты нет масштаба.
conversion_positions_no_ground = у правил назначения нет масштаба местности.
conversion_special_rules = Особые правила слоя { $ruleset } ({ $rules }) — правила той игры, они не переносятся.
conversion_orders = Начальные приказы слоя { $ruleset } записаны словарём приказов той игры и не конвертируются.

# Уровни победы слоя.
victory_automatic = автоматическая победа
victory_decisive = решительная победа
victory_major = крупная победа
victory_marginal = минимальная победа
victory_minor = малая победа
victory_draw = ничья
# Сокращения после числа.
hex_abbr = гекс.
cm_abbr = см

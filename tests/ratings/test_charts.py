"""Geometry of the inline SVG charts (pure)."""

from ratings.charts import history_chart, sparkline


def points(text):
    return [tuple(map(float, pair.split(","))) for pair in text.split()]


def test_a_sparkline_needs_two_values_and_rises_or_falls():
    assert sparkline([1500.0]) is None
    up = sparkline([1500.0, 1540.0, 1520.0, 1580.0], width=100, height=20, pad=2)
    drawn = points(up.points)
    assert len(drawn) == 4 and drawn[0][0] == 2.0 and drawn[-1][0] == 98.0
    assert drawn[-1][1] == 2.0 and drawn[0][1] == 18.0  # highest at the top
    assert up.rising and up.label == "from 1500 to 1580 over the last 3 games"
    assert not sparkline([1500.0, 1480.0]).rising


def test_a_flat_run_stays_flat():
    line = sparkline([1500.0, 1501.0], height=24, pad=3)
    ys = [y for _, y in points(line.points)]
    assert abs(ys[0] - ys[1]) < 2


def test_the_history_chart_has_ticks_dots_and_a_description():
    values = [1500.0, 1520.0, 1537.7, 1519.2, 1610.4]
    chart = history_chart(values, ["g1", "g2", "g3", "g4"])
    assert len(points(chart.points)) == 5 and len(chart.dots) == 4
    assert [d[2] for d in chart.dots] == ["g1", "g2", "g3", "g4"]
    assert [t.label for t in chart.y_ticks] == [
        "1500",
        "1525",
        "1550",
        "1575",
        "1600",
        "1625",
    ]
    assert [t.label for t in chart.x_ticks] == ["0", "1", "2", "3", "4"]
    assert chart.label == "Rating after each of 4 games, from 1500 to 1610; highest 1610"
    ys = {t.label: t.position for t in chart.y_ticks}
    assert ys["1500"] == chart.bottom and ys["1625"] == chart.top
    assert history_chart([1500.0]) is None


def test_long_histories_get_a_few_x_labels():
    chart = history_chart([1500.0 + (i % 7) * 9 for i in range(101)])
    labels = [t.label for t in chart.x_ticks]
    assert labels[0] == "0" and labels[-1] == "100" and len(labels) <= 10

from django.urls import path

from play import compare_views, field_views, matchup_views, swaps_views, table_views, views

app_name = "play"

urlpatterns = [
    path("goldfish/runs/<uuid:run_id>/", views.run_detail, name="run"),
    path("goldfish/runs/<uuid:run_id>/cancelar/", views.run_cancel_page, name="run-cancel"),
    path("goldfish/mesa/", table_views.table_page, name="table"),
    path("goldfish/mesa/empezar/", table_views.table_start, name="table-start"),
    path("goldfish/mesa/jugar/", table_views.table_move, name="table-move"),
    path("enfrentamientos/", matchup_views.matchup_page, name="matchups"),
    path("enfrentamientos/partida/", matchup_views.replay_page, name="replay"),
    path("enfrentamientos/contra-todos/", matchup_views.gauntlet_page, name="gauntlet"),
    path("mazos/comparar/", compare_views.compare_page, name="compare"),
    path("mazos/sugerencias/", swaps_views.swaps_page, name="swaps"),
    path("enfrentamientos/campos/", field_views.fields_page, name="fields"),
    path("enfrentamientos/campos/<int:pk>/", field_views.field_page, name="field"),
]

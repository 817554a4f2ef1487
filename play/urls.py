from django.urls import path

from play import views

app_name = "play"

urlpatterns = [path("goldfish/runs/<uuid:run_id>/", views.run_detail, name="run")]

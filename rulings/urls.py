from django.urls import path

from rulings import views

app_name = "rulings"

urlpatterns = [
    path("resoluciones/", views.ruling_list, name="list"),
    path("resoluciones/<int:number>/", views.ruling_detail, name="detail"),
]
